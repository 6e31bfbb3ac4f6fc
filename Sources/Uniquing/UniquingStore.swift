import Instrumentation
import ModelGraph
import StoreInterface

/// Design A: one live, mutable object per id, found through weak tables.
///
/// The store keeps every model's record, and hands screens the *live object*
/// for an id: the one already held by someone if it is alive (a weak-table
/// hit), or a new one built from the record (a miss). Every holder of an id
/// holds the same object, and a merge changes that object in place, so every
/// holder sees the change at once, with no parent to rebuild. Nobody's
/// holding keeps an object alive but its holders: unreferenced objects die,
/// and their dead weak-table entries are purged according to the
/// configured `PurgePolicy` (or by `purge()`).
///
/// Locking: the store lock (`LockSite.storeState`) guards the records, the
/// index and the weak tables; lookups hold it for a hash lookup and a weak
/// load. Each live object has its own lock (`LockSite.objectFields`) over
/// its fields, taken by every read and by the store when it writes, always
/// after the store lock, never before it. How a row read locks is set by
/// `StoreConfiguration.rowLocking`. Observers are told which object changed
/// and run after the locks are released (see `ChangeNotifier`).
public final class UniquingStore: @unchecked Sendable {
    // @unchecked: `tables` is read and written only while holding `lock`;
    // live objects guard their own fields.
    typealias Change = GraphChange<LiveUser, LiveTag, LiveNote, LiveMessage>

    private let lock = InstrumentedLock(site: .storeState)
    private var tables: UniquingTables
    let notifier = ChangeNotifier<LiveUser, LiveTag, LiveNote, LiveMessage>()
    let rowLocking: RowLocking

    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        tables = UniquingTables(purgePolicy: configuration.purgePolicy)
        rowLocking = configuration.rowLocking
    }

    /// Runs `body` on the tables under the store lock.
    func withTables<R>(_ body: (inout UniquingTables) -> R) -> R {
        lock.withLock { body(&tables) }
    }

    /// Runs one write: mutate under the lock, queue the notifications in
    /// write order, unlock, deliver.
    func write(
        _ body: (inout UniquingTables, inout UniquingWrite) throws(MergeError) -> Void
    ) throws(MergeError) -> ChangeSummary {
        var write = UniquingWrite()
        let pending = try lock.withLock { () throws(MergeError) -> PendingNotifications<Change> in
            var pending = notifier.beginWrite()
            try body(&tables, &write)
            schedule(write, into: &pending)
            notifier.enqueue(pending)
            return pending
        }
        notifier.deliver()
        write.summary.notifications = pending.handlerCalls
        return write.summary
    }

    /// Called under the store lock. An observed model with no live object
    /// gets one, so the observer is handed the object it would look up.
    private func schedule(_ write: UniquingWrite, into pending: inout PendingNotifications<Change>) {
        for model in write.changed {
            switch model {
            case .user(let id):
                guard tables.users[id] != nil else { continue }
                pending.schedule(model, .user(.updated(tables.liveUser(id)!)))
            case .tag(let id):
                guard tables.tags[id] != nil else { continue }
                pending.schedule(model, .tag(.updated(tables.liveTag(id)!)))
            case .note(let id):
                guard tables.notes[id] != nil else { continue }
                pending.schedule(model, .note(.updated(tables.liveNote(id)!)))
            case .message(let id):
                guard tables.messages[id] != nil else { continue }
                pending.schedule(model, .message(.updated(tables.liveMessage(id)!)))
            }
        }
        for model in write.deleted {
            pending.scheduleDeletion(of: model)
        }
    }
}
