import ModelGraph
import StoreInterface
import StoreSupport

/// The records, as the app's cache keeps them; the trees are the listeners'.
/// Guarded by the store's lock. A write hands the consistency manager what an
/// app hands it, from inside the lock (a dispatch, nothing more): every model
/// it merged, as the complete tree the app now holds, changed or not (the
/// manager finds out by comparing), and every model it deleted.
public struct ListenedTables: RecordTables, ValueTables {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = Note
    public typealias MessageHandle = Message

    public var records = NormalizedRecords()
    let manager: ConsistencyManager
    /// The models this write merged, in order: what it posts.
    private var merged: [ModelRef] = []

    init(manager: ConsistencyManager) {
        self.manager = manager
    }

    // A lookup builds its value from the records: the manager holds no model.
    @inlinable public func value(_ id: UserID) -> User? { records.user(id) }
    @inlinable public func value(_ id: TagID) -> Tag? { records.tag(id) }
    @inlinable public func value(_ id: NoteID) -> Note? { records.note(id) }
    @inlinable public func value(_ id: MessageID) -> Message? { records.message(id) }

    public mutating func merge(_ payload: UserPayload, into write: inout RecordChanges) {
        records.merge(payload, into: &write)
        merged.append(.user(payload.id))
    }

    public mutating func merge(_ payload: TagPayload, into write: inout RecordChanges) {
        records.merge(payload, into: &write)
        merged.append(.tag(payload.id))
    }

    public mutating func merge(_ payload: NotePayload, into write: inout RecordChanges) {
        records.merge(payload, into: &write)
        merged.append(.note(payload.id))
    }

    public mutating func merge(_ payload: MessagePayload, into write: inout RecordChanges) {
        records.merge(payload, into: &write)
        merged.append(.message(payload.id))
    }

    /// Posts the merged models as one update (Rocket Data's
    /// `BatchUpdateModel` when there are several), each as the tree the
    /// records hold now; deletes each deleted model (`deleteModel`).
    public mutating func commit(_ write: inout RecordChanges) {
        let trees: [any ListenedNode] = merged.compactMap { model in
            switch model {
            case .user(let id): records.user(id)
            case .tag(let id): records.tag(id)
            case .note(let id): records.note(id)
            case .message(let id): records.message(id)
            }
        }
        merged.removeAll(keepingCapacity: true)
        if let only = trees.first, trees.count == 1 {
            manager.update(only)
        } else if !trees.isEmpty {
            manager.update(PostedBatch(models: trees))
        }
        for model in write.deleted { manager.delete(model.nodeID) }
    }

    /// Nothing to schedule here: the manager tells the listeners.
    public func schedule(_ write: RecordChanges, into pending: inout PendingNotifications<Changes>) {}
}
