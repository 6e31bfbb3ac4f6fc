import Instrumentation

#if canImport(Glibc)
import Glibc
#endif

/// Start times of a fixed-rate workload, for recording without coordinated
/// omission: each operation's latency runs from when it was *due*, so an
/// operation that had to wait behind a slow one is charged for the wait.
public struct OpenLoopSchedule: Sendable {
    public let start: UInt64
    public let intervalNanoseconds: UInt64

    public init(start: UInt64, intervalNanoseconds: UInt64) {
        precondition(intervalNanoseconds > 0, "a fixed rate needs a positive interval")
        self.start = start
        self.intervalNanoseconds = intervalNanoseconds
    }

    /// When operation `index` is due.
    @inlinable
    public func intendedStart(of index: Int) -> UInt64 {
        start &+ UInt64(index) &* intervalNanoseconds
    }

    /// Waits until operation `index` is due (returns at once if it is late)
    /// and returns the due time. Sleeps for most of the wait, spins the last
    /// 50 µs so the start is precise.
    public func waitUntilDue(_ index: Int) -> UInt64 {
        let due = intendedStart(of: index)
        while true {
            let now = MonotonicClock.now()
            guard now < due else { return due }
            let remaining = due - now
            if remaining > 100_000 {
                let sleep = remaining - 50_000
                var request = timespec(tv_sec: Int(sleep / 1_000_000_000), tv_nsec: Int(sleep % 1_000_000_000))
                nanosleep(&request, nil)
            }
        }
    }
}
