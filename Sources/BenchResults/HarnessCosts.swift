import BenchStatistics

/// What the measuring itself costs, measured in the same run.
public struct HarnessCosts: Hashable, Sendable, Codable {
    public var clock: ClockCalibration
    /// Nanoseconds one timed sample adds: two clock reads and a histogram record.
    public var perSampleNanoseconds: Double
    /// Nanoseconds a counted lock acquisition adds over a bare one.
    public var lockCountingNanoseconds: Double

    public init(clock: ClockCalibration, perSampleNanoseconds: Double, lockCountingNanoseconds: Double) {
        self.clock = clock
        self.perSampleNanoseconds = perSampleNanoseconds
        self.lockCountingNanoseconds = lockCountingNanoseconds
    }
}
