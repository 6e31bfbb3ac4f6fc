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

/// The cost of a primitive the stores are built from, measured in this run,
/// so a store operation can be judged against what it cannot beat.
public struct Floor: Hashable, Sendable, Codable {
    /// Names what is measured; a store's `StoreInfo.floors` refers to it.
    public var id: String
    public var label: String
    /// Median over repetitions, nanoseconds per operation.
    public var nanoseconds: Double
    public var mallocsPerOperation: Double

    public init(id: String, label: String, nanoseconds: Double, mallocsPerOperation: Double) {
        self.id = id
        self.label = label
        self.nanoseconds = nanoseconds
        self.mallocsPerOperation = mallocsPerOperation
    }
}
