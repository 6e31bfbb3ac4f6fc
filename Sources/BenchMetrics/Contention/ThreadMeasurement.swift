import Instrumentation

/// Everything measured about one thread over a region: allocations, lock
/// tallies and kernel accounting. Start and stop it on that thread.
public final class ThreadMeasurement {
    private let allocations: AllocationCounter
    private let locks = ThreadLockRecorder()
    private var startUsage = ThreadUsage()

    /// Binds the calling thread to its own arena and installs a lock recorder.
    public init() throws(AllocatorError) {
        allocations = try AllocationCounter()
        locks.install()
    }

    deinit {
        locks.uninstall()
    }

    public func start() throws(AllocatorError) {
        locks.reset()
        startUsage = ThreadUsage.current()
        try allocations.start()
    }

    public func stop() throws(AllocatorError) -> ThreadReport {
        let counted = try allocations.stop()
        let usage = ThreadUsage.current().since(startUsage)
        return ThreadReport(allocations: counted, locks: locks.tallies, usage: usage)
    }

    /// Stops recording on this thread and gives back its arena; call on the
    /// measured thread before it ends.
    public func finish() {
        locks.uninstall()
        allocations.release()
    }
}

/// One thread's measurements over a region.
public struct ThreadReport: Hashable, Sendable, Codable {
    public var allocations: AllocationCount
    public var locks: [LockSite: LockTally]
    public var usage: ThreadUsage

    public init(
        allocations: AllocationCount = AllocationCount(), locks: [LockSite: LockTally] = [:],
        usage: ThreadUsage = ThreadUsage()
    ) {
        self.allocations = allocations
        self.locks = locks
        self.usage = usage
    }

    /// All lock sites together.
    public var lockTotal: LockTally {
        locks.values.reduce(into: LockTally()) { $0.add($1) }
    }

    /// Sums another thread's report into this one.
    public mutating func add(_ other: ThreadReport) {
        allocations = allocations + other.allocations
        for (site, tally) in other.locks { locks[site, default: LockTally()].add(tally) }
        usage.add(other.usage)
    }
}
