@testable import BenchResults
import BenchStatistics
import BenchTestSupport
import Foundation
import Testing

/// The rules of evidence, against known answers: what a run shows, what it
/// shows otherwise, and what it does not show.
@Suite("Rules of evidence")
struct EvidenceTests {
    static func series(_ rounds: [Double], kind: MetricKind = .timing, drift: Double? = nil) -> MetricSeries {
        MetricSeries(metric: MetricDescriptor(id: "op.p50", label: "op", unit: "ns", kind: kind), rounds: rounds,
                     drift: drift)
    }

    @Test("a clear ratio is shown; the same ratio within the run-to-run drift is not")
    func driftWidensTheInterval() {
        let fast = Self.series([100, 101, 99, 102, 98]), slow = Self.series([120, 121, 119, 122, 118])
        let shown = Evidence.costRatio(slow, over: fast)
        #expect(shown.low > 1)
        #expect(abs(shown.ratio - 1.2) < 1e-9)
        // Each median moved 15% between two runs: a 1.2× lead is not shown.
        let drifting = Evidence.costRatio(Self.series(slow.rounds, drift: 0.14), over: Self.series(fast.rounds, drift: 0.14))
        #expect(drifting.low < 1 && drifting.high > 1)
    }

    @Test("a bound is met when the interval is inside it, missed when outside, else not shown")
    func boundsAreDecidedOnIntervals() {
        let ratio = Evidence.costRatio(Self.series([136, 150, 120, 190, 116]), over: Self.series([100, 101, 99, 102, 98]))
        // A median 1.36× over a 1.25× bound, with rounds from 1.16× to 1.9×:
        // not within the bound, and not shown to be beyond it either.
        #expect(Evidence.outcome(ratio, atMost: 1.25) == .notShown)
        #expect(Evidence.outcome(ratio, atMost: 3) == .met)
        #expect(Evidence.outcome(ratio, atMost: 1.05) == .missed)
    }

    @Test("instruction counts: within 1% alike, beyond it different, exactly")
    func instructionCounts() {
        let base = Self.series([1_000], kind: .instructions)
        #expect(Evidence.outcome(Evidence.costRatio(Self.series([1_005], kind: .instructions), over: base), atMost: 1)
                == .notShown)
        #expect(Evidence.costRatio(Self.series([1_050], kind: .instructions), over: base).low > 1)
        #expect(Evidence.outcome(Self.series([1_050], kind: .instructions), limit: 1_000) == .missed)
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
