import BenchStatistics
import Instrumentation

extension ClockCalibration {
    /// Measures the clock: many back-to-back reads, the median difference.
    public static func measure(reads: Int = 100_000) -> ClockCalibration {
        var differences = [UInt64]()
        differences.reserveCapacity(reads)
        var previous = MonotonicClock.now()
        for _ in 0..<reads {
            let now = MonotonicClock.now()
            differences.append(now &- previous)
            previous = now
        }
        differences.sort()
        let median = Double(differences[differences.count / 2])
        let resolution = differences.first { $0 > 0 } ?? 1
        return ClockCalibration(overheadNanoseconds: median, resolutionNanoseconds: resolution)
    }
}
