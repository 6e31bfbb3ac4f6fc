import StoreCatalog

@testable import BenchDriver
@testable import BenchResults

/// Every scenario's cases shrunk to run in a blink, for tests.
package enum TinyPlans {
    /// Every store of the catalog.
    package static let stores: [StoreRunner] = {
        var collector = StoreRunner.Collector()
        StoreCatalog.visitAll(&collector)
        return collector.runners
    }()

    /// The quick profile's cases, every parameter shrunk to its tiny size.
    package static func cases(_ scenario: ScenarioID) -> [SuitePlan.Case] {
        let specs = scenario.definition.parameters
        return scenario.definition.cases(for: .quick).map { parameters in
            var tiny = parameters
            for spec in specs where tiny.values[spec.name] != nil {
                tiny.values[spec.name] = spec.tinyValue(tiny.values[spec.name]!)
            }
            return SuitePlan.Case(scenario: scenario, parameters: tiny)
        }
    }

    /// Every profile's cases shrunk to their tiny size, each distinct case
    /// once: every variant a profile runs, at a size a test can afford.
    package static func everyVariant(_ scenario: ScenarioID) -> [SuitePlan.Case] {
        var seen = Set<ParameterSet>()
        return Profile.allCases.flatMap { profile in
            scenario.definition.cases(for: profile).map { parameters in
                var tiny = parameters
                for spec in scenario.definition.parameters where tiny.values[spec.name] != nil {
                    tiny.values[spec.name] = spec.tinyValue(tiny.values[spec.name]!)
                }
                return tiny
            }
        }.filter { seen.insert($0).inserted }.map { SuitePlan.Case(scenario: scenario, parameters: $0) }
    }

    package static func plan(_ scenarios: [ScenarioID], rounds: Int = 1) -> SuitePlan {
        SuitePlan(
            cases: scenarios.flatMap(cases), stores: stores, rounds: rounds, seed: 7, profileName: "tiny",
            measuresPrimitiveCosts: false, readsHeapAtRest: false)
    }
}

/// A progress reporter that reports nothing.
package struct SilentProgress: RunProgress {
    package init() {}

    package func caseStarted(_ index: Int, of total: Int, _ plannedCase: SuitePlan.Case) {}
    package func roundStarted(store: String, round: Int?, of rounds: Int) {}
    package func roundProgressed(_ fraction: Double) {}
    package func caseFinished(_ result: CaseResult) {}
}

extension TinyPlans {
    /// A small real run, for the tests of what reads results: two scenarios,
    /// two rounds, every store.
    package static func smallRun() throws -> RunResult {
        try SuiteRunner(plan: plan([.tagRename, .coldLoad], rounds: 2), progress: SilentProgress()).run()
    }
}
