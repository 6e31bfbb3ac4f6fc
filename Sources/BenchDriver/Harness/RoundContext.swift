import BenchMetrics
import BenchStatistics
import StoreInterface
import Synchronization

/// What a scenario round needs from the run around it.
///
/// Public only as a type, because `BenchScenario.runRound` names it; the run
/// builds it and only this module's scenarios read it.
public struct RoundContext: Sendable {
    /// The run's seed; every round of every store uses the same workload.
    let seed: UInt64
    /// The round's index, for labelling only: rounds repeat the same work.
    let round: Int
    let calibration: ClockCalibration
    /// Whether allocations can be counted (jemalloc is the allocator).
    let countsAllocations: Bool
    /// Whether heap readings wait for the process to be at rest
    /// (`SuitePlan.readsHeapAtRest`).
    let readsHeapAtRest: Bool
    /// Warm-up, timed, or counting instructions.
    let pass: RoundPass
    /// The case's batch sizes, shared by every store.
    let batches: BatchPlan
    /// Reports how far the round has come, 0...1.
    let progress: @Sendable (Double) -> Void
    /// How many times fewer operations the instruction pass counts of the
    /// round's store (`StoreDesign.instructionSampleDivisor`).
    let instructionSampleDivisor: Int
    /// The round's main thread (the thread running the round) and its queue:
    /// stores confined to the main thread send their changes there, and
    /// screens living on it hop there from observers called elsewhere.
    let mainQueue: MainQueue
    /// Numbers the round's timed loops in the order they run.
    private let loopsStarted = LoopCounter()

    /// A context whose main thread is the calling thread.
    init(
        seed: UInt64, round: Int, calibration: ClockCalibration, countsAllocations: Bool,
        readsHeapAtRest: Bool = true, pass: RoundPass = .timed, batches: BatchPlan = BatchPlan(),
        instructionSampleDivisor: Int = 1,
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) {
        self.seed = seed
        self.round = round
        self.calibration = calibration
        self.countsAllocations = countsAllocations
        self.readsHeapAtRest = readsHeapAtRest
        self.pass = pass
        self.batches = batches
        self.instructionSampleDivisor = instructionSampleDivisor
        self.progress = progress
        self.mainQueue = MainQueue()
    }

    /// The number of the timed loop starting now: 0 for the round's first.
    func nextLoop() -> Int {
        loopsStarted.next()
    }
}

private final class LoopCounter: Sendable {
    private let started = Atomic<Int>(0)

    func next() -> Int { started.add(1, ordering: .relaxed).oldValue }
}
