import BenchTestSupport
import Testing

@testable import BenchResults
@testable import RegressionGate

/// `GateRules.reproduction`: does a run count what its baseline counted?
@Suite("Reproduction check")
struct ReproductionTests {
    /// A baseline whose instruction counts come from runs that counted `rounds`.
    static func baseline(rounds: [Double]) -> RunResult {
        var run = InstructionGateTests.run(instructions: 0)
        for index in run.cases[0].stores.indices {
            let last = run.cases[0].stores[index].metrics.count - 1
            let metric = run.cases[0].stores[index].metrics[last].metric
            run.cases[0].stores[index].metrics[last] = MetricSeries(metric: metric, rounds: rounds)
        }
        return run
    }

    @Test(
        "instruction counts within what a rebuild moves them (2%), or the recorded spread where it is wider, reproduce")
    func withinSpread() throws {
        // Median 1,010, spread 80 (7.9%): 931 and 1,089 reproduce, 925 does not.
        let spread = Self.baseline(rounds: [1_000, 1_080, 1_010])
        for count in [931.0, 1_010, 1_089] {
            let report = try BaselineComparison.compare(
                baseline: spread, current: InstructionGateTests.run(instructions: count), rules: .reproduction)
            #expect(report.passed, "\(count) lies within the spread of 80 around the median 1,010")
        }
        let beyond = try BaselineComparison.compare(
            baseline: spread, current: InstructionGateTests.run(instructions: 925), rules: .reproduction)
        #expect(!beyond.passed)
        let tight = Self.baseline(rounds: [1_000, 1_000, 1_000])
        for count in [981.0, 1_019] {
            let rebuilt = try BaselineComparison.compare(
                baseline: tight, current: InstructionGateTests.run(instructions: count), rules: .reproduction)
            #expect(rebuilt.passed, "\(count): within the 2% a rebuild of unchanged code may move a count")
        }
        for count in [975.0, 1_025] {
            let moved = try BaselineComparison.compare(
                baseline: tight, current: InstructionGateTests.run(instructions: count), rules: .reproduction)
            #expect(!moved.passed, "\(count): past the 2% a rebuild of unchanged code may move a count")
        }
    }

    @Test("a count that moved either way does not reproduce, and is named")
    func movedEitherWay() throws {
        let tight = Self.baseline(rounds: [1_000, 1_000, 1_000])
        for count in [940.0, 1_060] {
            let report = try BaselineComparison.compare(
                baseline: tight, current: InstructionGateTests.run(instructions: count), rules: .reproduction)
            #expect(report.regressions.map(\.verdict) == [.moved, .moved], "\(count)")
            #expect(report.regressions.allSatisfy { $0.metric?.id == "op.instructions" })
            // The totals count what moved, under a heading that says so.
            #expect(report.table().contains("\nMoved:\n"))
            #expect(report.table().contains("0 regressed, 2 moved, 0 missing"))
        }
        // Under the CI gate, fewer instructions is an improvement.
        let improved = try BaselineComparison.compare(
            baseline: tight, current: InstructionGateTests.run(instructions: 900))
        #expect(improved.passed)
        // An exact count that fell.
        let fewer = try BaselineComparison.compare(
            baseline: SyntheticRun.run(mallocs: 3), current: SyntheticRun.run(mallocs: 2), rules: .reproduction)
        #expect(Set(fewer.regressions.map(\.metric?.id)) == ["op.mallocs"])
    }

    @Test("a count of a region more than one thread ran reproduces within what scheduling moves it")
    func scheduledRegion() throws {
        // A baseline whose three runs spread 2%.
        var baseline = Self.baseline(rounds: [10_431, 10_336, 10_541])
        for index in baseline.cases[0].stores.indices {
            baseline.cases[0].stores[index].metrics[baseline.cases[0].stores[index].metrics.count - 1].metric
                .acrossThreads = true
        }
        let rescheduled = try BaselineComparison.compare(
            baseline: baseline, current: InstructionGateTests.run(instructions: 9_950, acrossThreads: true),
            rules: .reproduction)
        #expect(rescheduled.passed, "-4.6% is within MetricKind.schedulingTolerance")
        let fewer = try BaselineComparison.compare(
            baseline: baseline, current: InstructionGateTests.run(instructions: 9_850, acrossThreads: true),
            rules: .reproduction)
        #expect(fewer.regressions.map(\.verdict) == [.moved, .moved], "-5.6% is past it")
        let oneThread = try BaselineComparison.compare(
            baseline: Self.baseline(rounds: [10_431, 10_336, 10_541]),
            current: InstructionGateTests.run(instructions: 9_950),
            rules: .reproduction)
        #expect(!oneThread.passed, "a count one thread ran moved past its spread and 2%")
    }

    @Test("timings are not compared")
    func timingsIgnored() throws {
        let report = try BaselineComparison.compare(
            baseline: SyntheticRun.run(timing: [100, 101, 99, 100, 102]),
            current: SyntheticRun.run(timing: [900, 901, 899, 900, 902]), rules: .reproduction)
        #expect(report.passed)
        #expect(report.gates.contains("timings: not compared (counts only)"))
    }

    @Test("a store or a case the baseline does not have fails, naming it, under either rules")
    func newStoreOrCase() throws {
        var current = SyntheticRun.run()
        var added = current.cases[0].stores[0]
        added.store = "throwaway"
        current.cases[0].stores.append(added)
        current.designs.append(
            StoreInfo(
                name: "throwaway", family: .values, threading: .anyThread,
                summary: "", floors: [:]))
        let baseline = SyntheticRun.run(extraCase: false)
        for rules in [GateRules.standard, .reproduction] {
            let report = try BaselineComparison.compare(baseline: baseline, current: current, rules: rules)
            #expect(report.regressions.contains { $0.store == "throwaway" && $0.verdict == .missing })
            #expect(report.regressions.contains { $0.caseLabel.hasPrefix("churn") && $0.verdict == .missing })
            #expect(report.table().contains("not in the baseline: record it again "))
            #expect(!report.table().contains("again ()"), "a reason has no unit to show")
        }
    }
}
