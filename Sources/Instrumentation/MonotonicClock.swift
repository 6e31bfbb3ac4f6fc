#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from `CLOCK_MONOTONIC`: never jumps, shared by every thread.
///
/// One read costs a vDSO call (tens of nanoseconds, measured by the suite);
/// callers timing cheaper work time a batch and divide.
public enum MonotonicClock {
    /// The current reading in nanoseconds since an arbitrary fixed point.
    @inlinable
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
