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

    /// Values are always there to hand out: every model counts as live.
    public func count(into counts: inout StoreCounts) {
        counts.live = modelCount
    }
}

/// Tables over `NormalizedRecords`: merging, deleting and the directory the
/// validator reads are the records'; the store adds what it builds on them.
public protocol RecordTables: StoreTables where Write == RecordChanges {
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
}
