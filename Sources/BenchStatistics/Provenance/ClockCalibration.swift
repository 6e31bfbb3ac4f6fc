/// What reading the clock costs, and how to time operations cheaper than it.
public struct ClockCalibration: Hashable, Sendable, Codable {
    /// Median nanoseconds between two consecutive clock reads.
    public var overheadNanoseconds: Double
    /// Smallest non-zero difference seen between consecutive reads.
    public var resolutionNanoseconds: UInt64

    /// Operations this many times cheaper than `overhead × factor` are timed
    /// in batches, so the clock is at most 1/factor of what is measured.
    static let batchingFactor = 10.0

    public init(overheadNanoseconds: Double, resolutionNanoseconds: UInt64) {
        self.overheadNanoseconds = overheadNanoseconds
        self.resolutionNanoseconds = resolutionNanoseconds
    }

    /// How many operations to time per sample, for an operation that takes
    /// about `estimatedNanoseconds`: 1 when the clock is cheap enough beside
    /// it, otherwise enough that the batch takes `batchingFactor` clock reads.
    public func operationsPerSample(forEstimatedNanoseconds estimated: Double) -> Int {
        let floor = overheadNanoseconds * Self.batchingFactor
        guard estimated < floor else { return 1 }
        return Int((floor / max(estimated, 0.1)).rounded(.up))
    }
}
