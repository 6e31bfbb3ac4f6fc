import Instrumentation
import ModelGraph
import StoreInterface
import StoreSupport

/// `uniquing-locked`: one live, mutable object per id, found through weak
/// tables, safe to use from any thread (atomic-properties style).
///
/// The store keeps every model's record, and hands screens the *live object*
/// for an id: the one already held by someone if it is alive (a weak-table
/// hit), or a new one built from the record (a miss). Every holder of an id
/// holds the same object, and a write changes that object in place, so every
/// holder sees the change at once, with no parent to rebuild. Unreferenced
/// objects die, and their dead weak-table entries are purged according to the
/// configured `PurgePolicy` (or by `purge()`).
///
/// Locking: the store lock (`LockSite.storeState`) guards the records, the
/// index and the weak tables; lookups hold it for a hash lookup and a weak
/// load. Each live object has its own lock (`LockSite.modelFields`) over its
/// fields, taken by every read and by the store when it writes, always after
/// the store lock, never before it. How a row read locks is set by
/// `StoreConfiguration.rowLocking`. Observers are told which object changed
/// and run after the locks are released, on the writing thread.
///
/// An upper bound, not a system: uniqued objects as Vesper keeps them ("in
/// an NSMapTable with weak references": Brent Simmons, “Immutable Model
/// Objects”, 2014), made safe to share across threads the way atomic
/// properties would, a lock per object. Pinterest's "one thread may be
/// writing to the model while another is trying to read it" (Wendy Lu,
/// “Immutable models and data consistency in our iOS App”, 2016) is what it
/// pays to avoid.
public final class UniquingLockedStore: CoreBackedStore, Sendable {
    public let core: StoreCore<LockedTables>
    let rowLocking: RowLocking

    public static let design = StoreDesign(
        name: "uniquing-locked", family: .liveObjects, threading: .anyThread,
        summary: "one live object per id in a weak table, every field read and written under the object's lock, "
            + "safe on any thread (atomic properties; Core Data objects shared across threads would need this)",
        modelledOn: "an upper bound of sharing uniqued live objects (Vesper's weak NSMapTable: Brent Simmons, "
            + "“Immutable Model Objects”, 2014) across threads: no source ships it; every field behind its "
            + "object's lock",
        isUpperBound: true,
        rowsReadTheStore: true)

    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        core = StoreCore(LockedTables(purgePolicy: configuration.purgePolicy))
        rowLocking = configuration.rowLocking
    }

    public func user(_ id: UserID) -> LiveUser? { core.withTables { $0.handle(id) } }
    public func tag(_ id: TagID) -> LiveTag? { core.withTables { $0.handle(id) } }
    public func note(_ id: NoteID) -> LiveNote? { core.withTables { $0.handle(id) } }
    public func message(_ id: MessageID) -> LiveMessage? { core.withTables { $0.handle(id) } }

    @discardableResult
    public func purge() -> Int {
        core.withTables { $0.objects.sweep() }
    }
}

/// The objects `uniquing-locked` hands out: each guarded by a stripe of the
/// store's `StripedLocks`.
enum LockedObjects: LiveObjectKinds {
    typealias Context = StripedLocks
    typealias User = LiveUser
    typealias Tag = LiveTag
    typealias Note = LiveNote
    typealias Message = LiveMessage
}

/// The records behind the objects, and the objects. Guarded by the store's
/// lock; objects' fields are changed under their own locks, taken after it.
public struct LockedTables: RecordTables {
    public typealias UserHandle = LiveUser
    public typealias TagHandle = LiveTag
    public typealias NoteHandle = LiveNote
    public typealias MessageHandle = LiveMessage

    public var records = NormalizedRecords()
    var objects: LiveObjectTables<LockedObjects>

    init(purgePolicy: PurgePolicy) {
        objects = LiveObjectTables(purgePolicy: purgePolicy, context: StripedLocks(count: 1024, site: .modelFields))
    }

    /// The live object: the one held, or one built from its record. An
    /// observed model with no live object gets one this way too, so its
    /// observer is handed the object it would look up.
    public mutating func handle(_ id: UserID) -> LiveUser? { objects.user(id, in: records) }
    public mutating func handle(_ id: TagID) -> LiveTag? { objects.tag(id, in: records) }
    public mutating func handle(_ id: NoteID) -> LiveNote? { objects.note(id, in: records) }
    public mutating func handle(_ id: MessageID) -> LiveMessage? { objects.message(id, in: records) }

    /// Every held object the write touched takes its new fields in place.
    public mutating func commit(_ write: inout RecordChanges) {
        objects.refresh(write, from: records)
    }

    public func count(into counts: inout StoreCounts) {
        objects.count(into: &counts)
    }
}
