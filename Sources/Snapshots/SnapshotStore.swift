import Instrumentation
import ModelGraph
import StoreInterface

/// Design B: immutable snapshots, replaced on every change.
///
/// The store keeps the latest `User`, `Tag`, `Note` and `Message` value of
/// every id. A change builds new values: a partial payload merges into the
/// cached superset, an equal payload is short-circuited, and every parent
/// embedding a changed child (a note's author or tags, a message's author,
/// participants and replies) is rebuilt and re-announced, up to the thread
/// root. Deleting a required child deletes its parents. Screens hold values,
/// which never change under them: they swap in the new value their observer
/// is handed.
///
/// Locking: one store lock (`LockSite.storeState`) guards the tables and the
/// index. Lookups hold it for a dictionary hit and a value copy; writes hold
/// it while they validate, merge, rebuild parents and queue notifications.
/// Reading a row from a held value takes no lock at all. Observers run after
/// the lock is released (see `ChangeNotifier`).
public final class SnapshotStore: @unchecked Sendable {
    // @unchecked: `tables` is read and written only while holding `lock`.
    typealias Change = GraphChange<User, Tag, Note, Message>

    private let lock = InstrumentedLock(site: .storeState)
    private var tables = SnapshotTables()
    let notifier = ChangeNotifier<User, Tag, Note, Message>()

    public init(configuration: StoreConfiguration = StoreConfiguration()) {}

    /// Reads the tables under the store lock.
    func read<R>(_ body: (borrowing SnapshotTables) -> R) -> R {
        lock.withLock { body(tables) }
    }

    /// Runs one write: mutate under the lock, rebuild parents, queue the
    /// notifications in write order, unlock, deliver.
    func write(
        _ body: (inout SnapshotTables, inout SnapshotWrite) throws(MergeError) -> Void
    ) throws(MergeError) -> ChangeSummary {
        var write = SnapshotWrite()
        let pending = try lock.withLock { () throws(MergeError) -> PendingNotifications<Change> in
            var pending = notifier.beginWrite()
            try body(&tables, &write)
            tables.commit(&write)
            schedule(write, into: &pending)
            notifier.enqueue(pending)
            return pending
        }
        notifier.deliver()
        write.summary.notifications = pending.handlerCalls
        return write.summary
    }

    /// Called under the lock, so each change carries the value just stored.
    private func schedule(_ write: SnapshotWrite, into pending: inout PendingNotifications<Change>) {
        for id in write.changedUsers {
            pending.schedule(.user(id), .user(.updated(tables.users[id]!)))
        }
        for id in write.changedTags {
            pending.schedule(.tag(id), .tag(.updated(tables.tags[id]!)))
        }
        for id in write.rebuiltNotes {
            pending.schedule(.note(id), .note(.updated(tables.notes[id]!)))
        }
        for id in write.rebuiltMessages {
            pending.schedule(.message(id), .message(.updated(tables.messages[id]!)))
        }
        for model in write.deleted {
            pending.scheduleDeletion(of: model)
        }
    }
}
