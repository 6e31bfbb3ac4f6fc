import Instrumentation

/// Everything measured about one thread over a region: allocations, lock
/// tallies and kernel accounting. Start and stop it on that thread.
package final class ThreadMeasurement {
    private let allocations: AllocationCounter
    private let locks = ThreadLockRecorder()
    private var startUsage = ThreadUsage()

    /// Binds the calling thread to its own arena and installs a lock recorder.
    package init() throws(AllocatorError) {
        allocations = try AllocationCounter()
        locks.install()
    }

    deinit {
        locks.uninstall()
    }

    package func start() throws(AllocatorError) {
        locks.reset()
        startUsage = ThreadUsage.current()
        try allocations.start()
    }

    package func stop() throws(AllocatorError) -> ThreadReport {
        let counted = try allocations.stop()
        let usage = ThreadUsage.current().since(startUsage)
        return ThreadReport(allocations: counted, locks: locks.tallies, usage: usage)
    }

    /// Stops recording on this thread and gives back its arena; call on the
    /// measured thread before it ends.
    package func finish() {
        locks.uninstall()
        allocations.release()
    }
}

/// One thread's measurements over a region.
package struct ThreadReport: Hashable, Sendable, Codable {
    package var allocations: AllocationCount
    package var locks: [LockSite: LockTally]
    package var usage: ThreadUsage

    package init(allocations: AllocationCount = AllocationCount(), locks: [LockSite: LockTally] = [:],
                usage: ThreadUsage = ThreadUsage()) {
        self.allocations = allocations
        self.locks = locks
        self.usage = usage
    }

    /// All lock sites together.
    package var lockTotal: LockTally {
        locks.values.reduce(into: LockTally()) { $0.add($1) }
    }

    /// Sums another thread's report into this one.
    package mutating func add(_ other: ThreadReport) {
        allocations = allocations + other.allocations
        for (site, tally) in other.locks { locks[site, default: LockTally()].add(tally) }
        usage.add(other.usage)
    }
}
