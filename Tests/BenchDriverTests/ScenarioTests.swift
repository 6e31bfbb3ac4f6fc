import BenchTestSupport
import Testing

@testable import BenchDriver
@testable import BenchMetrics
@testable import BenchResults

@Suite("Every scenario on every store")
struct ScenarioTests {
    @Test("every scenario whose work can go wrong declares a correctness check")
    func checksAreDeclared() {
        // These read, build, time or count what cannot be wrong without
        // another scenario's check failing.
        let unchecked: Set<ScenarioID> = [.feedRead, .churn, .coldLoad, .memory, .backgroundSync]
        for scenario in ScenarioID.allCases where !unchecked.contains(scenario) {
            let cases = scenario.definition.cases(for: .quick)
            #expect(cases.contains { !scenario.checks(for: $0).isEmpty }, "\(scenario) checks nothing")
        }
    }

    /// A scenario's headline is what a user waits for: a change with every
    /// affected screen drawn again, a frame, a launch's worst frame.
    @Test("each scenario's headline is what a user waits for")
    func headlinesAreWhatUsersWaitFor() {
        #expect(TagRename.headline == TagRename.Metric.renameRendered.p50)
        #expect(PartialMerge.headline == PartialMerge.Metric.mergeRendered.p50)
        #expect(
            ChildPropagation.headline(for: ParameterSet(["shape": 0])) == ChildPropagation.Metric.updateRendered.p50)
        #expect(
            ChildPropagation.headline(for: ParameterSet(["shape": 1])) == ChildPropagation.Metric.updateRendered.p50)
        #expect(ChildPropagation.headline(for: ParameterSet(["shape": 4])) == ChildPropagation.Metric.listen.p50)
        #expect(ObserverFanout.headline == ObserverFanout.Metric.updateRendered.p50)
        #expect(FeedRead.headline == FeedRead.Metric.frame.p50)
        #expect(BackgroundSync.headline(for: ParameterSet(["launch": 0])) == BackgroundSync.Metric.frame.p99)
        #expect(BackgroundSync.headline(for: ParameterSet(["launch": 1])) == BackgroundSync.Metric.frameWallMax)
    }

    @Test("the instruction pass counts single-threaded cases up to their scenario's limit, and says so beyond it")
    func instructionLimits() {
        #expect(ScenarioID.coldLoad.countsInstructions(at: ParameterSet(["N": 20_000])))
        #expect(!ScenarioID.coldLoad.countsInstructions(at: ParameterSet(["N": 100_000])))
        #expect(ScenarioID.feedRead.countsInstructions(at: ParameterSet(["N": 20_000])))
        #expect(!ScenarioID.feedRead.countsInstructions(at: ParameterSet(["N": 100_000])))
        #expect(ScenarioID.tagRename.countsInstructions(at: ParameterSet(["F": 1_000_000])), "no limit")
        #expect(
            !ScenarioID.backgroundSync.countsInstructions(at: ParameterSet(["N": 100])),
            "threads run against each other")
        let beyond = SuiteRunner.uncountedNote(
            SuitePlan.Case(scenario: .coldLoad, parameters: ParameterSet(["N": 20_001])))
        #expect(beyond.count == 1 && beyond[0].contains("counts this scenario's cases up to N=20000"))
        #expect(
            SuiteRunner.uncountedNote(SuitePlan.Case(scenario: .coldLoad, parameters: ParameterSet(["N": 20_000])))
                .isEmpty)
    }

    @Test(
        "every variant any profile runs, at its tiny size, runs on every store and passes its own checks",
        arguments: EveryVariantRuns.scenarios)
    func runs(scenario: ScenarioID) throws {
        let result = try EveryVariantRuns.run(of: scenario)
        #expect(!result.isPartial)
        #expect(result.cases.count == TinyPlans.everyVariant(scenario).count)
        for caseResult in result.cases {
            #expect(caseResult.stores.map(\.store) == TinyPlans.stores.map(\.name))
            for store in caseResult.stores {
                #expect(!store.metrics.isEmpty, "\(caseResult.label) on \(store.store) measured nothing")
                for series in store.metrics {
                    #expect(series.rounds.allSatisfy { !$0.isNaN }, "\(series.metric.id) is NaN")
                }
                // Every correctness check the scenario declares is measured, and passes.
                let design = try #require(TinyPlans.stores.first { $0.name == store.store }).design
                let checks = scenario.checks(for: ParameterSet(caseResult.parameters), on: design)
                for id in checks {
                    let series = store.metric(id)
                    #expect(series != nil, "\(caseResult.label) on \(store.store) lacks its check \(id)")
                    #expect(
                        series?.median == 0, "\(caseResult.label) \(store.store): \(id) = \(series?.median ?? .nan)")
                }
            }
        }
    }

    @Test("no store tears a row with whole-object locking; live objects are never stale")
    func consistencyByDesign() throws {
        let objectLocking = try EveryVariantRuns.run(of: .consistency).cases.filter { $0.parameters["locking"] == 0 }
        #expect(!objectLocking.isEmpty)
        for objectLocks in objectLocking {
            for store in TinyPlans.stores {
                #expect(
                    objectLocks.store(store.name)?.metric("torn")?.median == 0, "\(objectLocks.label) \(store.name)")
                // A live object has already changed when its holder is told.
                if store.design.family == .liveObjects {
                    #expect(
                        objectLocks.store(store.name)?.metric("stale")?.median == 0,
                        "\(objectLocks.label) \(store.name)")
                }
            }
        }
    }

    /// Under a sanitizer only: without one, the count-repeatability test
    /// checks these counts and the allocations too, over more rounds.
    @Test(
        "the same seed gives the same exact counts on the same store",
        .enabled(if: Sanitizers.isActive, "the plain run checks these counts in CountRepeatabilityTests"))
    func countsAreDeterministic() throws {
        let first = try SuiteRunner(plan: TinyPlans.plan([.tagRename, .partialMerge]), progress: SilentProgress()).run()
        let second = try SuiteRunner(plan: TinyPlans.plan([.tagRename, .partialMerge]), progress: SilentProgress())
            .run()
        for (one, other) in zip(first.cases, second.cases) {
            for store in one.stores {
                for series in store.metrics
                where series.metric.kind == .count && !series.metric.id.rawValue.hasSuffix(".mallocs")
                    && !series.metric.id.rawValue.hasSuffix(".bytes")
                {
                    #expect(
                        other.store(store.store)?.metric(series.metric.id)?.rounds == series.rounds,
                        "\(one.scenario) \(series.metric.id) on \(store.store)")
                }
            }
        }
    }
}
