import BenchMetrics

/// What a run will measure: cases, stores, rounds, seed.
package struct SuitePlan: Sendable {
    /// What the measured rounds measure.
    package enum Measurement: Sendable {
        /// Latencies, allocations, locks and everything else a scenario reports.
        case timings
        /// Only the instructions of the scenarios that count them (see
        /// `BenchScenario.countsInstructions`), under callgrind.
        case instructions(InstructionCounter)
    }

    package struct Case: Sendable {
        package let scenario: ScenarioID
        package let parameters: ParameterSet

        package init(scenario: ScenarioID, parameters: ParameterSet) {
            self.scenario = scenario
            self.parameters = parameters
        }

        package var label: String { scenario.definition.label(for: parameters) }
    }

    package var cases: [Case]
    package var stores: [StoreRunner]
    package var rounds: Int
    package var seed: UInt64
    /// "quick", "default", "full", or "custom".
    package var profileName: String
    /// Whether to measure the floors (a few seconds) when the plan has a
    /// feed-read case, the one they bound; tests skip them.
    package var measuresFloors: Bool
    package var measurement: Measurement

    package init(cases: [Case], stores: [StoreRunner], rounds: Int, seed: UInt64, profileName: String,
                measuresFloors: Bool = true, measurement: Measurement = .timings) {
        self.cases = cases
        self.stores = stores
        self.rounds = rounds
        self.seed = seed
        self.profileName = profileName
        self.measuresFloors = measuresFloors
        self.measurement = measurement
    }

    var measuresTimings: Bool {
        if case .timings = measurement { true } else { false }
    }

    /// The pass of every measured round.
    var measuredPass: RoundPass {
        switch measurement {
        case .timings: .timed
        case .instructions(let counter): .instructions(counter)
        }
    }
}
