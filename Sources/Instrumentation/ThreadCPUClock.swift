#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds of CPU time the calling thread has used
/// (`CLOCK_THREAD_CPUTIME_ID`): time spent preempted or blocked does not
/// count, so a thread's work is measured the same on a loaded machine.
public enum ThreadCPUClock {
    @inlinable
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
