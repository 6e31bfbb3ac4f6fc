import ModelGraph
import StoreInterface

/// A store's four tables of models by id, whatever it keeps for each model
/// (a normalized record, or a value embedding its children), and the reverse
/// index from children to parents. What finding a model, its replies and
/// removing one need, written once for every representation.
public protocol ModelTables: IndexedDirectory {
    associatedtype UserEntry
    associatedtype TagEntry
    associatedtype NoteEntry: NoteLinks
    associatedtype MessageEntry: MessageLinks

    var users: [UserID: UserEntry] { get set }
    var tags: [TagID: TagEntry] { get set }
    var notes: [NoteID: NoteEntry] { get set }
    var messages: [MessageID: MessageEntry] { get set }
    var index: ReverseIndex { get set }
}

/// The models a note refers to.
public protocol NoteLinks {
    var authorID: UserID { get }
    associatedtype TagIDs: Sequence<TagID>
    var tagIDs: TagIDs { get }
}

/// The models a message refers to.
public protocol MessageLinks {
    var authorID: UserID { get }
    associatedtype ParticipantIDs: Sequence<UserID>
    var participantIDs: ParticipantIDs { get }
    /// Direct replies, in order.
    var replyIDs: [MessageID] { get }
}

extension ModelTables {
    /// Models of every kind.
    public var modelCount: Int { users.count + tags.count + notes.count + messages.count }

    public func contains(_ model: ModelRef) -> Bool {
        switch model {
        case .user(let id): users.index(forKey: id) != nil
        case .tag(let id): tags.index(forKey: id) != nil
        case .note(let id): notes.index(forKey: id) != nil
        case .message(let id): messages.index(forKey: id) != nil
        }
    }

    public func replies(of message: MessageID) -> [MessageID] {
        messages[message]?.replyIDs ?? []
    }

    /// Removes a deleted model's own entry and its links in the index; the
    /// cascade has already detached it from the parents that stay.
    public mutating func removeRecord(_ model: ModelRef) {
        switch model {
        case .user(let id):
            users[id] = nil
        case .tag(let id):
            tags[id] = nil
        case .note(let id):
            guard let note = notes.removeValue(forKey: id) else { return }
            index.unlink(note: id, links: note)
        case .message(let id):
            guard let message = messages.removeValue(forKey: id) else { return }
            index.unlink(message: id, links: message)
        }
    }
}

extension ReverseIndex {
    /// Drops every link of a note that goes: to its author and its tags.
    public mutating func unlink(note id: NoteID, links note: some NoteLinks) {
        unlink(note: id, author: note.authorID)
        unlink(note: id, tags: note.tagIDs)
    }

    /// Drops every link of a message that goes: to its author, its
    /// participants and its parent.
    public mutating func unlink(message id: MessageID, links message: some MessageLinks) {
        unlink(message: id, author: message.authorID)
        unlink(message: id, participants: message.participantIDs)
        setParent(of: id, to: nil)
    }
}

extension NoteRecord: NoteLinks {
    public var authorID: UserID { author }
    public var tagIDs: [TagID] { tags }
}

extension MessageRecord: MessageLinks {
    public var authorID: UserID { author }
    public var participantIDs: [UserID] { participants }
    public var replyIDs: [MessageID] { replies }
}

extension Note: NoteLinks {
    public var authorID: UserID { author.id }
    public var tagIDs: LazyMapSequence<[Tag], TagID> { tags.lazy.map(\.id) }
}

extension Message: MessageLinks {
    public var authorID: UserID { author.id }
    public var participantIDs: LazyMapSequence<[User], UserID> { participants.lazy.map(\.id) }
    public var replyIDs: [MessageID] { replies.map(\.id) }
}

extension Dictionary {
    /// Merges into the value for `key` in place (`merge` says whether it
    /// changed) or stores `insert()` when there is none, counting which in
    /// `summary`. Returns false only when a value was there and stayed equal.
    @inlinable
    public mutating func upsert(
        _ key: Key, counting summary: inout ChangeSummary, merge: (inout Value) -> Bool, insert: () -> Value
    ) -> Bool {
        if let slot = index(forKey: key) {
            guard merge(&values[slot]) else {
                summary.unchanged += 1
                return false
            }
            summary.updated += 1
        } else {
            self[key] = insert()
            summary.inserted += 1
        }
        return true
    }
}
