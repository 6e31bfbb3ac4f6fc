import Instrumentation
import ModelGraph
import StoreInterface

/// The write path every store shares: its tables behind one lock, its
/// observers, and one way to change them.
///
/// A write validates its input against the tables (a batch merges whole or
/// not at all), merges it, lets the tables commit (rebuild, refresh), then
/// schedules the notifications and queues them in write order, all under the
/// lock; it delivers them after unlocking, so an observer may call back into
/// the store (see `ChangeNotifier`).
public final class StoreCore<Tables: StoreTables>: @unchecked Sendable {
    // @unchecked: `tables` is read and written only while holding `lock`,
    // or, in a core confined to a main thread, on that thread, which `enter`
    // checks in every build.
    public typealias Changes = Tables.Changes

    @usableFromInline let lock = InstrumentedLock(site: .storeState)
    /// Every access holds `lock`, so the runtime's exclusivity check would
    /// only repeat what the lock guarantees (it cost more than the lookup).
    @usableFromInline @exclusivity(unchecked) var tables: Tables
    @usableFromInline let notifier = ChangeNotifier<
        Tables.UserHandle, Tables.TagHandle, Tables.NoteHandle, Tables.MessageHandle
    >()
    /// Set for a store whose every access runs on one main thread (the store
    /// hops there first): then nothing is locked, as GitHawk's FlatCache
    /// locks nothing and asserts the main thread instead.
    @usableFromInline let confinedTo: MainQueue?

    public init(_ tables: Tables) {
        self.tables = tables
        confinedTo = nil
    }

    /// A core that only `mainQueue`'s main thread touches: no lock.
    public init(_ tables: Tables, confinedTo mainQueue: MainQueue) {
        self.tables = tables
        confinedTo = mainQueue
    }

    @inlinable
    func enter() {
        if let confinedTo {
            if !confinedTo.isMainThread { Self.touchedOffItsMainThread() }
        } else {
            lock.lock()
        }
    }

    /// Out of line, with a message an optimized build prints (see
    /// `ThreadBound.touchedOffItsThread`).
    @usableFromInline @inline(never)
    static func touchedOffItsMainThread() -> Never {
        fatalError("a main-thread store was touched off its main thread")
    }

    @inlinable
    func leave() {
        if confinedTo == nil { lock.unlock() }
    }

    /// Runs `body` on the tables under the lock, for a lookup that changes
    /// them (a store that builds objects on demand).
    @inlinable
    public func withTables<R>(_ body: (inout Tables) throws -> R) rethrows -> R {
        enter()
        defer { leave() }
        return try body(&tables)
    }

    /// Runs `body` reading the tables under the lock: a lookup that only
    /// reads, which a modifying access would slow down.
    @inlinable
    public func read<R>(_ body: (borrowing Tables) throws -> R) rethrows -> R {
        enter()
        defer { leave() }
        return try body(tables)
    }

    /// Merges a batch: users, tags, notes, messages.
    public func merge(_ batch: PayloadBatch) throws(MergeError) -> ChangeSummary {
        try write { (tables, write) throws(MergeError) in
            try BatchValidator.validate(batch, against: tables)
            tables.merge(batch, into: &write)
        }
    }

    /// Applies a change to one model exactly as a batch would.
    public func apply(_ patch: ModelPatch) throws(MergeError) -> ChangeSummary {
        try write { (tables, write) throws(MergeError) in
            try BatchValidator.validate(patch, against: tables)
            tables.apply(patch, into: &write)
        }
    }

    /// Deletes a model and its cascade; deleting an unknown model does nothing.
    public func delete(_ model: ModelRef) -> ChangeSummary {
        do {
            return try write { tables, write in tables.delete(model, into: &write) }
        } catch {
            preconditionFailure("deleting cannot fail: \(error)")
        }
    }

    /// One write: change the tables and commit under the lock, queue the
    /// notifications in write order, unlock, deliver.
    public func write(
        _ body: (inout Tables, inout Tables.Write) throws(MergeError) -> Void
    ) throws(MergeError) -> ChangeSummary {
        var write = Tables.Write()
        let calls = try announce { (tables, pending) throws(MergeError) in
            try body(&tables, &write)
            tables.commit(&write)
            tables.schedule(write, into: &pending)
        }
        write.summary.notifications = calls
        return write.summary
    }

    /// Runs `body` under the lock with a fresh set of notifications to
    /// schedule, queues them, unlocks and delivers them; returns the handler
    /// calls scheduled. For a change made outside `write`, such as a
    /// main-confined store bringing its objects up to date on the main thread.
    @discardableResult
    public func announce<Failure: Error>(
        _ body: (inout Tables, inout PendingNotifications<Changes>) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        enter()
        let pending: PendingNotifications<Changes>
        do {
            var scheduled = notifier.beginWrite()
            defer { leave() }
            try body(&tables, &scheduled)
            notifier.enqueue(scheduled)
            pending = scheduled
        }
        // Only a write that queued something delivers: a write that leaves
        // its notifications to the main thread must not run others' here.
        if pending.handlerCalls > 0 { notifier.deliver() }
        return pending.handlerCalls
    }
}
