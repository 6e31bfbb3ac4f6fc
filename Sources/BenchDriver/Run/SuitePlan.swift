import BenchMetrics
import BenchResults

/// What a run will measure: cases, stores, rounds, seed.
public struct SuitePlan: Sendable {
    /// What the measured rounds measure.
    public enum Measurement: Sendable {
        /// Latencies, allocations, locks and everything else a scenario reports.
        case timings
        /// Only the instructions of the scenarios that count them (see
        /// `BenchScenario.countsInstructions`), under callgrind.
        case instructions(InstructionCounter)
    }

    public struct Case: Sendable {
        public let scenario: ScenarioID
        public let parameters: ParameterSet
        public init(scenario: ScenarioID, parameters: ParameterSet) {
            self.scenario = scenario
            self.parameters = parameters
        }

        /// Whether the instruction pass counts the case: its scenario counts
        /// instructions at its size (`ScenarioID.countsInstructions(at:)`).
        public var countsInstructions: Bool { scenario.countsInstructions(at: parameters) }

        public var label: String { scenario.definition.label(for: parameters) }

        /// The key its result will have (`CaseResult.key`).
        public var key: String { CaseResult.key(scenario: scenario.rawValue, parameters: parameters.values) }
    }

    public var cases: [Case]
    public var stores: [StoreRunner]
    public var rounds: Int
    public var seed: UInt64
    /// "quick", "default", "full", or "custom".
    public var profileName: String
    /// Whether to measure the floors (a few seconds) when the plan has a
    /// feed-read case, the one they bound; tests skip them.
    public var measuresPrimitiveCosts: Bool
    public var measurement: Measurement
    /// Whether each heap reading waits until no other thread of the process
    /// runs (`MemoryFootprint.atRest`); tests, whose process runs other tests
    /// beside, read at once and check no heap figure.
    public var readsHeapAtRest: Bool

    public init(
        cases: [Case], stores: [StoreRunner], rounds: Int, seed: UInt64, profileName: String,
        measuresPrimitiveCosts: Bool = true, measurement: Measurement = .timings, readsHeapAtRest: Bool = true
    ) {
        self.cases = cases
        self.stores = stores
        self.rounds = rounds
        self.seed = seed
        self.profileName = profileName
        self.measuresPrimitiveCosts = measuresPrimitiveCosts
        self.measurement = measurement
        self.readsHeapAtRest = readsHeapAtRest
    }

    var measuresTimings: Bool {
        if case .timings = measurement { true } else { false }
    }

    /// The pass of each store's warm-up round.
    var warmUpPass: RoundPass {
        measuresTimings ? .warmUp : .instructionWarmUp
    }

    /// The pass of every measured round.
    var measuredPass: RoundPass {
        switch measurement {
        case .timings: .timed
        case .instructions(let counter): .instructions(counter)
        }
    }
}
