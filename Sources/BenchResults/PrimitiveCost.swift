import BenchStatistics

/// The cost of a primitive the stores are built from, measured in this run,
/// so a store operation can be judged against what it cannot beat.
public struct PrimitiveCost: Hashable, Sendable, Codable {
    /// Names what is measured: "lock", "weak.load".
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
