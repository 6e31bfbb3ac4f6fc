import BenchMetrics
import StoreInterface

/// What a scenario round needs from the run around it.
public struct RoundContext: Sendable {
    /// The run's seed; every round of every store uses the same workload.
    public let seed: UInt64
    /// The round's index, for labelling only: rounds repeat the same work.
    public let round: Int
    public let calibration: ClockCalibration
    /// Whether allocations can be counted (jemalloc is the allocator).
    public let countsAllocations: Bool
    /// Reports how far the round has come, 0...1.
    public let progress: @Sendable (Double) -> Void
    /// The round's main thread (the thread running the round) and its queue:
    /// stores confined to the main thread send their changes there, and
    /// screens living on it hop there from observers called elsewhere.
    public let mainQueue: MainQueue

    /// A context whose main thread is the calling thread.
    public init(seed: UInt64, round: Int, calibration: ClockCalibration, countsAllocations: Bool,
                progress: @escaping @Sendable (Double) -> Void = { _ in }) {
        self.seed = seed
        self.round = round
        self.calibration = calibration
        self.countsAllocations = countsAllocations
        self.progress = progress
        self.mainQueue = MainQueue()
    }
}
