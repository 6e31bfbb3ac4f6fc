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

    /// Whether a host that reads the clock at `other`'s cost runs at about
    /// this host's speed: within a factor of `alikeFactor`. Hosts of one
    /// name (CPU model, cores, memory, toolchain) differ in speed, and what
    /// a clock read costs tells them apart (docs/CONSTANTS.md,
    /// ClockCalibration.alikeFactor).
    public func readsAlike(_ other: ClockCalibration) -> Bool {
        let low = min(overheadNanoseconds, other.overheadNanoseconds)
        let high = max(overheadNanoseconds, other.overheadNanoseconds)
        return high <= Self.alikeFactor * low
    }

    /// How far apart two alike hosts' clock costs may be: closer than any
    /// two hosts of one name seen to run at different speeds.
    public static let alikeFactor = 1.25

    /// How many operations to time per sample, for an operation that takes
    /// about `estimatedNanoseconds`: 1 when the clock is cheap enough beside
    /// it, otherwise enough that the batch takes `batchingFactor` clock reads.
    public func operationsPerSample(forEstimatedNanoseconds estimated: Double) -> Int {
        let floor = overheadNanoseconds * Self.batchingFactor
        guard estimated < floor else { return 1 }
        return Int((floor / max(estimated, 0.1)).rounded(.up))
    }
}
