import BenchResults
import BenchTestSupport
import Testing

@testable import BenchDriver

/// Where a sweep stops for a store: past its budget in every round at one
/// size, never at a size that straddles it, and only for larger sizes of
/// that one sweep.
struct SweepStopsTests {
    private static let figure = ScalingFigure.all.first { $0.scenario == TagRename.id }!

    private static func plannedCase(_ scenario: ScenarioID, _ values: [String: Int]) -> SuitePlan.Case {
        SuitePlan.Case(scenario: scenario, parameters: ParameterSet(values))
    }

    private static func renames(_ size: Int) -> SuitePlan.Case {
        plannedCase(TagRename.id, ["F": size, "holders": min(size, 1_000), "renames": 50])
    }

    /// A case of `plannedCase` where each store's rounds of the figure's
    /// metric are the given microseconds.
    private static func result(_ plannedCase: SuitePlan.Case, _ rounds: [String: [Double]]) -> CaseResult {
        let metric = MetricDescriptor(
            id: figure.metric, label: "rename and every holder re-rendered p50", unit: .microseconds,
            kind: .timing)
        return CaseResult(
            scenario: plannedCase.scenario.rawValue, label: plannedCase.label,
            parameters: plannedCase.parameters.values,
            headline: figure.metric, notes: [],
            stores: rounds.keys.sorted().map {
                StoreCaseResult(store: $0, metrics: [MetricSeries(metric: metric, rounds: rounds[$0]!)])
            })
    }

    @Test(
        "a store whose every round missed the budget is not run at the sweep's larger sizes; one that straddles it is")
    func stopsPastTheBudget() {
        var stops = SweepStops()
        let budget = Self.figure.budgetSeconds * 1e6
        stops.record(
            Self.result(
                Self.renames(1_000),
                [
                    "slow": [budget * 1.01, budget * 3, budget * 2, budget * 5],
                    "straddling": [budget * 0.99, budget * 3, budget * 2, budget * 5],
                    "fast": [1, 2, 3, 4],
                ]), of: Self.renames(1_000))
        #expect(stops.notRun(Self.renames(100)).isEmpty)
        #expect(stops.notRun(Self.renames(1_000)).isEmpty)
        let larger = stops.notRun(Self.renames(10_000))
        #expect(larger.map(\.store) == ["slow"])
        #expect(larger.first?.missedAt == Self.renames(1_000).label)
        #expect(larger.first?.budget == budget)
        #expect(stops.notRun(Self.renames(100_000)).map(\.store) == ["slow"])
    }

    @Test(
        "a stop holds for its own sweep only: another scenario, or other values of the other parameters, run every store"
    )
    func stopsOnlyItsSweep() {
        var stops = SweepStops()
        let budget = Self.figure.budgetSeconds * 1e6
        stops.record(
            Self.result(Self.renames(1_000), ["slow": [budget * 2, budget * 2, budget * 2, budget * 2]]),
            of: Self.renames(1_000))
        #expect(stops.notRun(Self.plannedCase(TagRename.id, ["F": 10_000, "holders": 1_000, "renames": 20])).isEmpty)
        #expect(
            stops.notRun(
                Self.plannedCase(ObserverFanout.id, ["observers": 10_000, "ids": 1, "updates": 10, "churn": 2_000])
            )
            .isEmpty)
    }

    @Test("a case outside every scaling figure never stops a store")
    func unsweptCasesRunEveryStore() {
        var stops = SweepStops()
        let unswept = Self.plannedCase(
            ObserverFanout.id, ["observers": 1_000, "ids": 1_000, "updates": 10, "churn": 2_000])
        stops.record(Self.result(unswept, ["slow": [1e9, 1e9, 1e9, 1e9]]), of: unswept)
        #expect(
            stops.notRun(
                Self.plannedCase(ObserverFanout.id, ["observers": 10_000, "ids": 1_000, "updates": 10, "churn": 2_000])
            )
            .isEmpty)
    }

    @Test("a run that pools its rounds with another follows that run's stops, case by case, and decides none itself")
    func followsAnotherRunsStops() throws {
        let plan = TinyPlans.plan([.tagRename])
        let stopped = try #require(plan.stores.first).name
        var other = try SuiteRunner(plan: plan, progress: SilentProgress()).run()
        let first = try #require(other.cases.first)
        other.cases[0].notRun = [
            StoreNotRun(
                store: stopped, missedAt: "F=1", metric: Self.figure.metric, median: 1,
                budget: 1, unit: .microseconds)
        ]
        other.cases[0].stores.removeAll { $0.store == stopped }
        let following = try SuiteRunner(plan: plan, progress: SilentProgress(), pooledWith: other).run()
        #expect(following.cases[0].notRun.map(\.store) == [stopped])
        #expect(following.cases[0].stores.map(\.store) == other.cases[0].stores.map(\.store))
        #expect(following.cases.dropFirst().allSatisfy { $0.notRun.isEmpty && $0.stores.count == plan.stores.count })
        #expect(first.key == following.cases[0].key)
    }
}
