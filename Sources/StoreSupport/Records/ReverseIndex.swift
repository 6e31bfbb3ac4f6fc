import ModelGraph

/// Who refers to whom, from child to parent: the edges a store follows to
/// propagate a change upwards or to cascade a delete.
///
/// Both stores keep the same index with the same costs; what they do with
/// the parents they find is where the designs differ.
public struct ReverseIndex: Sendable {
    public private(set) var notesByAuthor: [UserID: Set<NoteID>] = [:]
    public private(set) var notesByTag: [TagID: Set<NoteID>] = [:]
    public private(set) var messagesByAuthor: [UserID: Set<MessageID>] = [:]
    public private(set) var messagesByParticipant: [UserID: Set<MessageID>] = [:]
    /// The message each reply belongs to.
    public private(set) var parents: [MessageID: MessageID] = [:]

    public init() {}

    public mutating func link(note: NoteID, author: UserID) {
        notesByAuthor.insert(note, intoSetAt: author)
    }

    public mutating func unlink(note: NoteID, author: UserID) {
        notesByAuthor.remove(note, fromSetAt: author)
    }

    public mutating func link(note: NoteID, tags: some Sequence<TagID>) {
        for tag in tags { notesByTag.insert(note, intoSetAt: tag) }
    }

    public mutating func unlink(note: NoteID, tags: some Sequence<TagID>) {
        for tag in tags { notesByTag.remove(note, fromSetAt: tag) }
    }

    public mutating func link(message: MessageID, author: UserID) {
        messagesByAuthor.insert(message, intoSetAt: author)
    }

    public mutating func unlink(message: MessageID, author: UserID) {
        messagesByAuthor.remove(message, fromSetAt: author)
    }

    public mutating func link(message: MessageID, participants: some Sequence<UserID>) {
        for user in participants { messagesByParticipant.insert(message, intoSetAt: user) }
    }

    public mutating func unlink(message: MessageID, participants: some Sequence<UserID>) {
        for user in participants { messagesByParticipant.remove(message, fromSetAt: user) }
    }

    /// Records `reply` as a reply of `parent`, or as a thread root when nil.
    public mutating func setParent(of reply: MessageID, to parent: MessageID?) {
        parents[reply] = parent
    }

    public func parent(of message: MessageID) -> MessageID? {
        parents[message]
    }

    /// Replies between `message` and its thread's root (0 for a root).
    public func depth(of message: MessageID) -> Int {
        var depth = 0
        var current = message
        while let parent = parents[current] {
            depth += 1
            current = parent
        }
        return depth
    }
}
