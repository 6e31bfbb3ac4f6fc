import Instrumentation

#if canImport(Glibc)
import Glibc
#endif

/// What the kernel accounts to the calling thread: CPU time and context
/// switches (`getrusage(RUSAGE_THREAD)`), beside wall time.
public struct ThreadUsage: Hashable, Sendable, Codable {
    @usableFromInline var userNanoseconds: UInt64 = 0
    @usableFromInline var systemNanoseconds: UInt64 = 0
    /// The thread gave up the CPU (blocked, for example on a lock).
    public var voluntarySwitches: UInt64 = 0
    /// The scheduler took the CPU away (time slice over, preempted).
    public var involuntarySwitches: UInt64 = 0
    @usableFromInline var wallNanoseconds: UInt64 = 0

    public init() {}

    /// CPU time over wall time: 1 means never off the CPU.
    public var cpuShare: Double {
        wallNanoseconds == 0 ? 0 : Double(userNanoseconds + systemNanoseconds) / Double(wallNanoseconds)
    }

    /// The calling thread's counters now.
    public static func current() -> ThreadUsage {
        var usage = rusage()
        // RUSAGE_THREAD (1) is a GNU extension the Glibc module does not export.
        getrusage(__rusage_who_t(1), &usage)
        func nanoseconds(_ time: timeval) -> UInt64 {
            UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000
        }
        var result = ThreadUsage()
        result.userNanoseconds = nanoseconds(usage.ru_utime)
        result.systemNanoseconds = nanoseconds(usage.ru_stime)
        result.voluntarySwitches = UInt64(usage.ru_nvcsw)
        result.involuntarySwitches = UInt64(usage.ru_nivcsw)
        result.wallNanoseconds = MonotonicClock.now()
        return result
    }

    /// What happened between `start` and this reading.
    public func since(_ start: ThreadUsage) -> ThreadUsage {
        var delta = ThreadUsage()
        delta.userNanoseconds = userNanoseconds &- start.userNanoseconds
        delta.systemNanoseconds = systemNanoseconds &- start.systemNanoseconds
        delta.voluntarySwitches = voluntarySwitches &- start.voluntarySwitches
        delta.involuntarySwitches = involuntarySwitches &- start.involuntarySwitches
        delta.wallNanoseconds = wallNanoseconds &- start.wallNanoseconds
        return delta
    }

    /// Sums another thread's usage into this one (wall time: the longest).
    public mutating func add(_ other: ThreadUsage) {
        userNanoseconds += other.userNanoseconds
        systemNanoseconds += other.systemNanoseconds
        voluntarySwitches += other.voluntarySwitches
        involuntarySwitches += other.involuntarySwitches
        wallNanoseconds = max(wallNanoseconds, other.wallNanoseconds)
    }
}
