import ModelGraph
import StoreInterface

/// What one write has changed so far, as a store's tables record it.
public protocol StoreWrite {
    init()
    /// The counts the write reports.
    var summary: ChangeSummary { get set }
    /// Models deleted, directly or by cascade, in the order they went.
    var deleted: [ModelRef] { get set }
    /// Takes note of a cascade carried out: what went, what was updated.
    mutating func record(_ plan: CascadePlan)
}

extension StoreWrite {
    public mutating func record(_ plan: CascadePlan) {
        deleted += plan.deletions
        summary.deleted += plan.deletions.count
        summary.updated += plan.updatedParents.count
    }
}

/// A store's representation: the state its lock guards, and how one write
/// changes it. `StoreCore` runs every write through it the same way.
public protocol StoreTables: CascadingTables, PayloadMerging {
    /// What the store hands to screens for each kind of model.
    associatedtype UserHandle: Sendable
    associatedtype TagHandle: Sendable
    associatedtype NoteHandle: Sendable
    associatedtype MessageHandle: Sendable

    /// Brings the representation up to date once a write's payloads are
    /// merged, before anyone is told: rebuild parents, refresh live objects.
    mutating func commit(_ write: inout Write)

    /// Schedules the write's notifications, each carrying the handle the
    /// store now holds for its model.
    mutating func schedule(_ write: Write, into pending: inout PendingNotifications<Changes>)

    /// The handle the store hands out for a model now: what a lookup
    /// returns, and what an observer of the model is handed.
    mutating func handle(_ id: UserID) -> UserHandle?
    mutating func handle(_ id: TagID) -> TagHandle?
    mutating func handle(_ id: NoteID) -> NoteHandle?
    mutating func handle(_ id: MessageID) -> MessageHandle?

    /// Models the tables hold.
    var modelCount: Int { get }

    /// What the store holds beyond its models (live objects, table entries).
    func count(into counts: inout StoreCounts)

    /// Every model as values.
    func exportState() -> GraphState
}

extension StoreTables {
    /// The change an observer of this store is handed.
    public typealias Changes = GraphChange<UserHandle, TagHandle, NoteHandle, MessageHandle>

    public mutating func commit(_ write: inout Write) {}

    /// Schedules "updated, here is its handle" for the observers of `model`.
    /// The handle is only fetched when someone observes it; a model gone
    /// since (a later write deleted it) is left to that write to announce.
    public mutating func announce(_ model: ModelRef, into pending: inout PendingNotifications<Changes>) {
        guard pending.isObserved(model) else { return }
        switch model {
        case .user(let id): if let handle = handle(id) { pending.schedule(model, .user(.updated(handle))) }
        case .tag(let id): if let handle = handle(id) { pending.schedule(model, .tag(.updated(handle))) }
        case .note(let id): if let handle = handle(id) { pending.schedule(model, .note(.updated(handle))) }
        case .message(let id): if let handle = handle(id) { pending.schedule(model, .message(.updated(handle))) }
        }
    }

    /// Values are always there to hand out: every model counts as live.
    public func count(into counts: inout StoreCounts) {
        counts.live = modelCount
    }
}

/// Tables over `NormalizedRecords`: merging, deleting and the directory the
/// validator reads are the records'; the store adds what it builds on them.
public protocol RecordTables: StoreTables, IndexedDirectory where Write == RecordChanges {
    var records: NormalizedRecords { get set }
}

extension RecordTables {
    public var index: ReverseIndex { records.index }
    public var modelCount: Int { records.modelCount }
    public func contains(_ model: ModelRef) -> Bool { records.contains(model) }
    public func replies(of message: MessageID) -> [MessageID] { records.replies(of: message) }
    public func exportState() -> GraphState { records.exportState() }

    public mutating func merge(_ payload: UserPayload, into write: inout RecordChanges) {
        records.merge(payload, into: &write)
    }

    public mutating func merge(_ payload: TagPayload, into write: inout RecordChanges) {
        records.merge(payload, into: &write)
    }

    public mutating func merge(_ payload: NotePayload, into write: inout RecordChanges) {
        records.merge(payload, into: &write)
    }

    public mutating func merge(_ payload: MessagePayload, into write: inout RecordChanges) {
        records.merge(payload, into: &write)
    }

    public mutating func detach(_ detachment: CascadePlan.Detachment, into write: inout RecordChanges) {
        records.detach(detachment, into: &write)
    }

    public mutating func removeRecord(_ model: ModelRef) {
        records.removeRecord(model)
    }

    /// Exactly the models whose own records changed hear about it, and the
    /// deleted ones.
    public mutating func schedule(_ write: RecordChanges, into pending: inout PendingNotifications<Changes>) {
        announce(write, into: &pending)
    }

    /// Announces a write's changed models and its deletions.
    public mutating func announce(_ write: RecordChanges, into pending: inout PendingNotifications<Changes>) {
        for model in write.changed { announce(model, into: &pending) }
        for model in write.deleted { pending.scheduleDeletion(of: model) }
    }
}

/// Tables that hand out values they already hold or build without changing
/// anything: their store's lookups only read them, under the lock.
public protocol ValueTables: StoreTables {
    /// The value the store holds for the model now.
    func value(_ id: UserID) -> UserHandle?
    func value(_ id: TagID) -> TagHandle?
    func value(_ id: NoteID) -> NoteHandle?
    func value(_ id: MessageID) -> MessageHandle?
}

extension ValueTables {
    public func handle(_ id: UserID) -> UserHandle? { value(id) }
    public func handle(_ id: TagID) -> TagHandle? { value(id) }
    public func handle(_ id: NoteID) -> NoteHandle? { value(id) }
    public func handle(_ id: MessageID) -> MessageHandle? { value(id) }
}
