import BenchStatistics
import BenchTestSupport
import Foundation
import Testing

@testable import BenchResults

/// The rules of evidence, against known answers: what a run shows, what it
/// shows otherwise, and what it does not show.
@Suite("Rules of evidence")
struct EvidenceTests {
    static func series(_ rounds: [Double], kind: MetricKind = .timing, drift: Double? = nil) -> MetricSeries {
        MetricSeries(
            metric: MetricDescriptor(id: "op.p50", label: "op", unit: .nanoseconds, kind: kind), rounds: rounds,
            drift: drift)
    }

    @Test("a clear ratio is shown; the same ratio within the run-to-run drift is not")
    func driftWidensTheInterval() {
        let fast = Self.series([100, 101, 99, 102, 98]), slow = Self.series([120, 121, 119, 122, 118])
        let shown = Evidence.costRatio(slow, over: fast)
        #expect(shown.low > 1)
        #expect(abs(shown.ratio - 1.2) < 1e-9)
        // Each median moved 15% between two runs: a 1.2× lead is not shown.
        let drifting = Evidence.costRatio(
            Self.series(slow.rounds, drift: 0.14), over: Self.series(fast.rounds, drift: 0.14))
        #expect(drifting.low < 1 && drifting.high > 1)
    }

    @Test("a bound is met when the interval is inside it, missed when outside, else not shown")
    func boundsAreDecidedOnIntervals() {
        let ratio = Evidence.costRatio(
            Self.series([136, 150, 120, 190, 116]), over: Self.series([100, 101, 99, 102, 98]))
        // A median 1.36× over a 1.25× bound, with rounds from 1.16× to 1.9×:
        // not within the bound, and not shown to be beyond it either.
        #expect(Evidence.outcome(ratio, atMost: 1.25) == .notShown)
        #expect(Evidence.outcome(ratio, atMost: 3) == .met)
        #expect(Evidence.outcome(ratio, atMost: 1.05) == .missed)
    }

    @Test("instruction counts: within 1% alike, beyond it different, exactly")
    func instructionCounts() {
        let base = Self.series([1_000], kind: .instructions)
        #expect(
            Evidence.outcome(Evidence.costRatio(Self.series([1_005], kind: .instructions), over: base), atMost: 1)
                == .notShown)
        #expect(Evidence.costRatio(Self.series([1_050], kind: .instructions), over: base).low > 1)
        #expect(Evidence.outcome(Self.series([1_050], kind: .instructions), limit: 1_000) == .missed)
    }

    /// consistency: 1,313 to 3,409 stale reads per million in every round
    /// against 0 in every round is a difference; 0 against 0 is a tie.
    @Test("a difference from zero is a difference, both ways; zero against zero is a tie")
    func differenceFromZero() {
        let zeros = Self.series([0, 0, 0, 0, 0], kind: .quantity)
        let stale = Self.series([3_409, 2_115, 2_081, 1_313, 3_263], kind: .quantity, drift: 0.056)
        let worse = Evidence.costRatio(stale, over: zeros)
        #expect(worse.low > 1, "\(worse)")
        let better = Evidence.costRatio(zeros, over: stale)
        #expect(better.high < 1, "\(better)")
        let tie = Evidence.costRatio(zeros, over: Self.series([0, 0, 0, 0, 0], kind: .quantity))
        #expect(tie.low <= 1 && tie.high >= 1 && !tie.low.isNaN, "\(tie)")
        // Zero in most rounds against zero: the rounds overlap, nothing shown.
        let sometimes = Evidence.costRatio(Self.series([0, 0, 7, 0, 0], kind: .quantity), over: zeros)
        #expect(!(sometimes.low > 1) && !(sometimes.high < 1) && !sometimes.low.isNaN, "\(sometimes)")
        let overlapping = Evidence.costRatio(Self.series([0, 4, 6, 5, 8], kind: .quantity), over: zeros)
        #expect(!(overlapping.low > 1) && !overlapping.low.isNaN, "\(overlapping)")
        // The ranking shows it: the store at 0 leads, the other is shown behind.
        let ranking = MetricRanking(metric: stale.metric, [("a", zeros), ("b", stale)])
        #expect(ranking.best == "a")
        #expect(ranking.isClear)
    }

    /// A frame budget is absolute: a figure near it on this host may cross
    /// it on another, 1.6 to 2.1 times slower or faster.
    @Test("a time budget is met with a 2× margin, missed beyond it, and otherwise depends on the device")
    func budgetsHaveAMargin() {
        let frame = Self.series([6_000, 6_100, 5_900, 6_050, 5_950])
        #expect(Evidence.outcome(frame, budget: 16_667) == .met)
        #expect(Evidence.outcome(frame, budget: 8_333) == .dependsOnDevice)
        #expect(Evidence.outcome(frame, budget: 4_000) == .dependsOnDevice)
        #expect(Evidence.outcome(frame, budget: 2_900) == .missed)
    }

    @Test("a limit on one figure: its median's interval inside, outside, or across it")
    func limits() {
        let figure = Self.series([10, 11, 9, 12, 8])
        #expect(Evidence.outcome(figure, limit: 20) == .met)
        #expect(Evidence.outcome(figure, limit: 5) == .missed)
        #expect(Evidence.outcome(figure, limit: 10.5) == .notShown)
        #expect(Evidence.outcome(Self.series([0, 0], kind: .count), limit: 0) == .met)
        #expect(Evidence.outcome(Self.series([1, 1], kind: .count), limit: 0) == .missed)
    }

    @Test("drift between two runs of one build is recorded per figure; a changed build is refused")
    func recordingDrift() throws {
        let first = SyntheticRun.run(timing: Array(repeating: 100, count: 5))
        let second = SyntheticRun.run(timing: Array(repeating: 110, count: 5))
        let recorded = try first.recordingDrift(from: second)
        let timing = try #require(recorded.cases[0].stores[0].metric("op.p50"))
        let drift = try #require(timing.drift)
        #expect(abs(drift - abs(log(100.0 / 110))) < 1e-9)
        var other = second
        other.provenance.commit = "another"
        #expect(throws: OutputError.self) { try first.recordingDrift(from: other) }
    }
}
