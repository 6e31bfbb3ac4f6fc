import BenchStatistics

/// What the measuring itself costs, measured in the same run.
package struct HarnessCosts: Hashable, Sendable, Codable {
    package var clock: ClockCalibration
    /// Nanoseconds one timed sample adds: two clock reads and a histogram record.
    package var perSampleNanoseconds: Double
    /// Nanoseconds a counted lock acquisition adds over a bare one.
    package var lockCountingNanoseconds: Double

    package init(clock: ClockCalibration, perSampleNanoseconds: Double, lockCountingNanoseconds: Double) {
        self.clock = clock
        self.perSampleNanoseconds = perSampleNanoseconds
        self.lockCountingNanoseconds = lockCountingNanoseconds
    }
}

/// The cost of a primitive the stores are built from, measured in this run,
/// so a store operation can be judged against what it cannot beat.
package struct Floor: Hashable, Sendable, Codable {
    /// Names what is measured; a store's `StoreInfo.floors` refers to it.
    package var id: String
    package var label: String
    /// Median over repetitions, nanoseconds per operation.
    package var nanoseconds: Double
    package var mallocsPerOperation: Double

    package init(id: String, label: String, nanoseconds: Double, mallocsPerOperation: Double) {
        self.id = id
        self.label = label
        self.nanoseconds = nanoseconds
        self.mallocsPerOperation = mallocsPerOperation
    }
}
