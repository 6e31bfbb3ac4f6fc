import ModelGraph
import StoreInterface

/// Every model normalized, as a persistent store keeps them: each one's own
/// fields, its relationships by id, and the reverse index from children to
/// the parents that refer to them.
///
/// The representation the live-object stores keep behind their objects and
/// the flat and listened value stores keep as their cache. Not thread-safe:
/// a store guards it with its lock.
public struct NormalizedRecords: ModelTables, Sendable {
    public var users: [UserID: UserAttributes] = [:]
    public var tags: [TagID: TagAttributes] = [:]
    public var notes: [NoteID: NoteRecord] = [:]
    public var messages: [MessageID: MessageRecord] = [:]
    public var index = ReverseIndex()

    public init() {}

    /// Every model as values: what the records denormalize to.
    public func exportState() -> GraphState {
        GraphState(users: users, tags: tags, notes: notes, messages: messages)
    }
}

// MARK: - Values from records

extension NormalizedRecords {
    /// The user as a value.
    @inlinable
    public func user(_ id: UserID) -> User? {
        users[id].map { User(id: id, attributes: $0) }
    }

    /// The tag as a value.
    @inlinable
    public func tag(_ id: TagID) -> Tag? {
        tags[id].map { Tag(id: id, attributes: $0) }
    }

    /// The note as a value embedding its author and tags, built now.
    public func note(_ id: NoteID) -> Note? {
        guard let record = notes[id] else { return nil }
        return Note(
            id: id, attributes: record.attributes, author: user(record.author)!, tags: record.tags.map { tag($0)! })
    }

    /// The message as a value embedding its author, participants and whole
    /// reply tree, built now, replies first.
    public func message(_ id: MessageID) -> Message? {
        guard messages[id] != nil else { return nil }
        var built: [MessageID: Message] = [:]
        // Post-order, iteratively: a thread may be deeper than the stack.
        var stack: [(id: MessageID, repliesBuilt: Bool)] = [(id, false)]
        while let (next, repliesBuilt) = stack.popLast() {
            let record = messages[next]!
            guard repliesBuilt else {
                stack.append((next, true))
                for reply in record.replies { stack.append((reply, false)) }
                continue
            }
            built[next] = Message(
                id: next, attributes: record.attributes, author: user(record.author)!,
                participants: record.participants.map { user($0)! }, replies: record.replies.map { built[$0]! })
        }
        return built[id]
    }
}
