import BenchDriver
import BenchResults
import StoreCatalog

/// Every scenario's cases shrunk to run in a blink, for tests.
enum TinyPlans {
    /// Every store of the catalog.
    static let stores: [StoreRunner] = {
        var collector = StoreRunner.Collector()
        StoreCatalog.visitAll(&collector)
        return collector.runners
    }()

    /// Caps that keep each parameter tiny but valid.
    static let caps: [String: Int] = [
        "N": 300, "K": 5, "frames": 20, "lookups": 200, "F": 30, "holders": 10, "renames": 3,
        "batch": 6, "batches": 3, "observers": 20, "P": 6, "updates": 3, "victims": 2, "rate": 200,
        "ms": 100, "steps": 300, "churn": 100, "readers": 1, "ids": 20,
    ]

    static func cases(_ scenario: ScenarioID) -> [SuitePlan.Case] {
        scenario.definition.cases(for: .quick).map { parameters in
            var tiny = parameters
            for (name, cap) in caps where tiny.values[name] != nil {
                tiny.values[name] = min(tiny.values[name]!, cap)
            }
            // Keep relations valid: ids <= observers, holders <= F.
            if let ids = tiny.values["ids"], let observers = tiny.values["observers"] { tiny.values["ids"] = min(ids, observers) }
            if let holders = tiny.values["holders"], let notes = tiny.values["F"] { tiny.values["holders"] = min(holders, notes) }
            return SuitePlan.Case(scenario: scenario, parameters: tiny)
        }
    }

    static func plan(_ scenarios: [ScenarioID], rounds: Int = 1) -> SuitePlan {
        SuitePlan(cases: scenarios.flatMap(cases), stores: stores, rounds: rounds, seed: 7, profileName: "tiny",
                  measuresFloors: false)
    }
}

/// A progress reporter that reports nothing.
struct SilentProgress: RunProgress {
    func caseStarted(_ index: Int, of total: Int, _ plannedCase: SuitePlan.Case) {}
    func roundStarted(store: String, round: Int?, of rounds: Int) {}
    func roundProgressed(_ fraction: Double) {}
    func caseFinished(_ result: CaseResult) {}
}
