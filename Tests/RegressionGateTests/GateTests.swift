import BenchTestSupport
import Testing

@testable import BenchMetrics
@testable import BenchResults
@testable import BenchStatistics
@testable import RegressionGate

@Suite("Baseline gate")
struct GateTests {
    @Test("the same run compared with itself is clean")
    func identical() throws {
        let report = try BaselineComparison.compare(baseline: SyntheticRun.run(), current: SyntheticRun.run())
        #expect(report.passed)
        #expect(report.count(.unchanged) == 8)
        #expect(report.count(.regressed) == 0)
        // The timing maxima and the contention quantity are reported, not gated.
        #expect(report.reportedOnly == 8)
    }

    @Test("one extra allocation per operation is a regression")
    func countRegression() throws {
        let report = try BaselineComparison.compare(baseline: SyntheticRun.run(), current: SyntheticRun.run(mallocs: 4))
        #expect(!report.passed)
        #expect(report.count(.regressed) == 4)
        #expect(
            report.regressions.allSatisfy { $0.metric?.id == "op.mallocs" && abs(($0.change ?? 0) - 1.0 / 3) < 1e-9 })
        #expect(report.table().contains("op mallocs 3 → 4 per op (+33.3%)"))
    }

    /// snapshot-listened's scrolled frame takes one 1 MiB allocation more in
    /// some rounds than in others, as its manager's thread runs.
    @Test("a count whose baseline rounds differ moves when the run's median lies outside them")
    func scheduledCount() throws {
        let baseline = SyntheticRun.run(mallocRounds: [3, 3.5, 3, 3, 3])
        let withinRange = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(mallocRounds: [3, 3.5, 3.5, 3, 3.5]))
        #expect(withinRange.passed)
        #expect(withinRange.rows.filter { $0.metric?.id == "op.mallocs" }.allSatisfy { $0.treatment == .countRange })
        let higher = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(mallocRounds: [3, 4, 4, 3, 4]))
        #expect(higher.count(.regressed) == 4)
        let lower = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(mallocRounds: [2, 2.5, 2, 2, 2]))
        #expect(lower.passed)
        #expect(lower.count(.improved) == 4)
    }

    @Test("rounds of the run that differ never loosen the exact gate of a count whose baseline rounds agree")
    func runUnderTestCannotLoosen() throws {
        let agreed = SyntheticRun.run(mallocRounds: [3, 3, 3, 3, 3])
        let someRoundsHigher = try BaselineComparison.compare(
            baseline: agreed, current: SyntheticRun.run(mallocRounds: [3, 3.5, 3.5, 3, 3.5]))
        #expect(someRoundsHigher.rows.filter { $0.metric?.id == "op.mallocs" }.allSatisfy { $0.treatment == .exact })
        #expect(someRoundsHigher.count(.regressed) == 4)
        let fewRoundsHigher = try BaselineComparison.compare(
            baseline: agreed, current: SyntheticRun.run(mallocRounds: [3, 3.5, 3, 3, 3]))
        #expect(fewRoundsHigher.passed)
        let fromNothing = try BaselineComparison.compare(
            baseline: SyntheticRun.run(mallocRounds: [0, 0, 0, 0, 0]),
            current: SyntheticRun.run(mallocRounds: [0, 0.5, 0.5, 0, 0.5]))
        #expect(fromNothing.count(.regressed) == 4)
    }

    @Test("a gated count that falls to zero fails as vanished, not improved")
    func countVanishes() throws {
        let report = try BaselineComparison.compare(baseline: SyntheticRun.run(), current: SyntheticRun.run(mallocs: 0))
        #expect(!report.passed)
        #expect(report.count(.vanished) == 4)
        #expect(report.count(.improved) == 0)
        #expect(report.table().contains("vanished"))
        let reproduction = try BaselineComparison.compare(
            baseline: SyntheticRun.run(), current: SyntheticRun.run(mallocs: 0), rules: .reproduction)
        #expect(reproduction.count(.vanished) == 4)
    }

    /// Found by fuzzing (Fuzz/Regressions/baseline-compare): the table split
    /// its rows on " | " and trapped on a label that held one.
    @Test("a label holding the table's cell separator stays one cell")
    func labelWithSeparator() throws {
        var run = SyntheticRun.run()
        run.cases[0].label = "F=10 | 3 cores | 23 GiB"
        let table = try BaselineComparison.compare(baseline: run, current: run).table()
        let line = try #require(
            table.split(separator: "\n").first { $0.hasPrefix("tag-rename F=10 | 3 cores | 23 GiB  uniquing") },
            "\(table)")
        #expect(line.hasSuffix("unchanged"))
    }

    @Test("fewer allocations are an improvement, not a failure")
    func countImprovement() throws {
        let report = try BaselineComparison.compare(baseline: SyntheticRun.run(), current: SyntheticRun.run(mallocs: 2))
        #expect(report.passed)
        #expect(report.count(.improved) == 4)
    }

    @Test("a timing regresses only when significant and beyond the timing tolerance")
    func timingRules() throws {
        let baseline = SyntheticRun.run()
        // 40% slower, every round: significant, but under the 50% floor.
        let slower = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(timing: [140, 141, 139, 140, 142]))
        #expect(slower.passed)
        // 60% slower, every round: a regression.
        let slowest = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(timing: [160, 162, 158, 160, 163]))
        #expect(!slowest.passed)
        #expect(slowest.regressions.allSatisfy { $0.metric?.id == "op.p50" })
        #expect(slowest.count(.regressed) == 4)
        // Three times as slow in one round only: not significant.
        let oneOff = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(timing: [100, 101, 99, 100, 400]))
        #expect(oneOff.passed)
        // A looser floor set on the command line lets the 60% through.
        var loose = GateRules.standard
        loose.timingTolerance = 1.0
        #expect(
            try BaselineComparison.compare(
                baseline: baseline, current: SyntheticRun.run(timing: [160, 162, 158, 160, 163]), rules: loose
            ).passed)
        // Three times as fast: an improvement.
        let faster = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(timing: [33, 34, 32, 33, 35]))
        #expect(faster.passed)
        #expect(faster.count(.improved) == 4)
    }

    @Test("a timing regression stands only if a second measurement of its case regresses too")
    func timingConfirmation() throws {
        let baseline = SyntheticRun.run()
        let slow = SyntheticRun.run(timing: [300, 303, 297, 300, 306])
        let report = try BaselineComparison.compare(baseline: baseline, current: slow, confirmsTimings: true)
        #expect(report.timingRegressions.count == 4)
        #expect(report.gates.contains { $0.contains("again in a second measurement") })

        // The second measurement runs as fast as the baseline: a burst of load, cleared.
        let cleared = BaselineComparison.confirmingTimings(of: report, baseline: baseline, remeasured: baseline)
        #expect(cleared.passed)
        #expect(cleared.count(.unconfirmed) == 4)
        #expect(cleared.rows.filter { $0.verdict == .unconfirmed }.allSatisfy { $0.remeasured == 100 })
        #expect(cleared.table().contains("not in a second measurement of the case"))
        #expect(cleared.table().contains("measured again: 100 (+0.0%)"))

        // Slow again: confirmed, and the table gives both medians.
        let confirmed = BaselineComparison.confirmingTimings(of: report, baseline: baseline, remeasured: slow)
        #expect(!confirmed.passed)
        #expect(confirmed.count(.regressed) == 4)
        #expect(confirmed.table().contains("op p50 100 → 300 ns (+200.0%); measured again: 300 (+200.0%)"))

        // A second measurement that lacks the case leaves its regressions standing.
        let oneCase = SyntheticRun.run(extraCase: false)
        let partly = BaselineComparison.confirmingTimings(of: report, baseline: baseline, remeasured: oneCase)
        #expect(partly.count(.unconfirmed) == 2)
        #expect(partly.count(.regressed) == 2)
        #expect(partly.regressions.allSatisfy { $0.caseLabel.hasPrefix("churn") })
    }

    @Test("side by side with the baseline's build, timings decide and counts are not compared")
    func sideBySide() throws {
        let baseline = SyntheticRun.run()
        // Counts that differ between the two builds are the standard gate's
        // business, against the recorded baseline: here they pass unread.
        let countsOnly = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(mallocs: 4), rules: .sideBySide)
        #expect(countsOnly.passed)
        #expect(countsOnly.rows.allSatisfy { $0.metric?.kind == .timing })
        // Timings are gated as the standard gate gates them.
        let slow = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(timing: [160, 162, 158, 160, 163]), rules: .sideBySide)
        #expect(slow.count(.regressed) == 4)
        #expect(slow.regressions.allSatisfy { $0.metric?.id == "op.p50" })
        let slower40 = try BaselineComparison.compare(
            baseline: baseline, current: SyntheticRun.run(timing: [140, 141, 139, 140, 142]), rules: .sideBySide)
        #expect(slower40.passed)
        // Both builds ran on this host in turns: a clock read slowed by a busy
        // spell in one of them does not make it another host.
        var slowClock = SyntheticRun.run(timing: [160, 162, 158, 160, 163])
        slowClock.harness.clock.overheadNanoseconds *= 2
        let slowSpell = try BaselineComparison.compare(baseline: baseline, current: slowClock, rules: .sideBySide)
        #expect(slowSpell.count(.regressed) == 4)
        #expect(!slowSpell.warnings.contains { $0.contains("another host") })
    }

    @Test("against another host, timings are reported and only counts gated, with a warning")
    func differentHost() throws {
        var other = SyntheticRun.provenance
        other.cpuModel = "Another CPU"
        let report = try BaselineComparison.compare(
            baseline: SyntheticRun.run(provenance: other),
            current: SyntheticRun.run(timing: [300, 303, 297, 300, 306]))
        #expect(report.passed)
        #expect(report.warnings.contains { $0.contains("another host") })
        #expect(report.rows.allSatisfy { $0.treatment == .exact })
        let counts = try BaselineComparison.compare(
            baseline: SyntheticRun.run(provenance: other), current: SyntheticRun.run(mallocs: 4))
        #expect(!counts.passed)
    }

    @Test("a host of the baseline's name that reads the clock at 1.5 or 3 times the cost is another host")
    func slowerHostOfTheSameName() throws {
        var slower = SyntheticRun.run(timing: [300, 303, 297, 300, 306])
        slower.harness.clock.overheadNanoseconds *= 1.5
        let report = try BaselineComparison.compare(baseline: SyntheticRun.run(), current: slower)
        #expect(report.passed)
        #expect(report.warnings.contains { $0.contains("another host of the same name") })
        #expect(report.rows.allSatisfy { $0.treatment == .exact })
        var slowerWithCounts = SyntheticRun.run(mallocs: 4)
        slowerWithCounts.harness.clock.overheadNanoseconds *= 3
        #expect(try !BaselineComparison.compare(baseline: SyntheticRun.run(), current: slowerWithCounts).passed)
        // Within the factor, timings are gated as on one host.
        var alike = SyntheticRun.run(timing: [300, 303, 297, 300, 306])
        alike.harness.clock.overheadNanoseconds *= 1.2
        #expect(try !BaselineComparison.compare(baseline: SyntheticRun.run(), current: alike).passed)
    }

    @Test("a case in the baseline that did not run fails the gate")
    func missingCase() throws {
        let report = try BaselineComparison.compare(
            baseline: SyntheticRun.run(), current: SyntheticRun.run(extraCase: false))
        #expect(!report.passed)
        #expect(report.count(.missing) == 1)
        #expect(report.regressions.first?.caseLabel == "churn N=10")
        #expect(report.regressions.first?.subject == .absent(.caseNotRun))
        #expect(report.regressions.first?.metric == nil)
        #expect(report.table().contains("Regressed:\n  churn N=10, all: case not run\n"), "\(report.table())")
    }

    @Test("another profile compares the cases in common, with a warning")
    func otherProfile() throws {
        let report = try BaselineComparison.compare(
            baseline: SyntheticRun.run(), current: SyntheticRun.run(extraCase: false, profile: "custom"))
        #expect(report.passed)
        #expect(report.warnings.contains { $0.contains("profile") })
    }

    @Test("another seed or another build configuration cannot be compared")
    func incomparable() {
        var seed = SyntheticRun.provenance
        seed.seed = 7
        #expect(throws: GateError.self) {
            try BaselineComparison.compare(baseline: SyntheticRun.run(provenance: seed), current: SyntheticRun.run())
        }
        var debug = SyntheticRun.provenance
        debug.buildConfiguration = debug.buildConfiguration == "debug" ? "release" : "debug"
        #expect(throws: GateError.self) {
            try BaselineComparison.compare(baseline: SyntheticRun.run(provenance: debug), current: SyntheticRun.run())
        }
    }
}
