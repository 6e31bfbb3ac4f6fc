import ModelGraph
import StoreInterface
import StoreSupport

/// The records, as the app's cache keeps them; the trees are the listeners'.
/// Guarded by the store's lock. A write hands what it changed to the
/// consistency manager from inside the lock (a dispatch, nothing more).
public struct ListenedTables: RecordTables, ValueTables {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = Note
    public typealias MessageHandle = Message

    public var records = NormalizedRecords()
    let manager: ConsistencyManager

    init(manager: ConsistencyManager) {
        self.manager = manager
    }

    // A lookup builds its value from the records: the manager holds no model.
    @inlinable public func value(_ id: UserID) -> User? { records.user(id) }
    @inlinable public func value(_ id: TagID) -> Tag? { records.tag(id) }
    @inlinable public func value(_ id: NoteID) -> Note? { records.note(id) }
    @inlinable public func value(_ id: MessageID) -> Message? { records.message(id) }

    /// The manager is handed every changed model's new value and every
    /// deleted one, as an app calls `updateModel` and `deleteModel`.
    public mutating func commit(_ write: inout RecordChanges) {
        var updates = ModelUpdates()
        for model in write.changed {
            switch model {
            case .user(let id): if let user = records.user(id) { updates.changed[model] = .user(user) }
            case .tag(let id): if let tag = records.tag(id) { updates.changed[model] = .tag(tag) }
            case .note(let id): if let note = records.note(id) { updates.changed[model] = .note(note) }
            case .message(let id):
                guard let record = records.messages[id] else { continue }
                // Its own fields and links; its subtree only when its replies
                // changed, for the replies a listener's tree does not have yet.
                let relinked = write.relinked.contains(model)
                let replies = relinked ? record.replies.compactMap { records.message($0) } : []
                updates.changed[model] = .message(Message(
                    id: id, attributes: record.attributes, author: records.user(record.author)!,
                    participants: record.participants.map { records.user($0)! }, replies: replies))
                if relinked { updates.replies[id] = record.replies }
            }
        }
        updates.deleted = Set(write.deleted)
        manager.update(updates)
    }

    /// Nothing to schedule here: the manager tells the listeners.
    public func schedule(_ write: RecordChanges, into pending: inout PendingNotifications<Changes>) {}
}
