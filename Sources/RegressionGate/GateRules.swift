import BenchResults
import BenchStatistics

/// How each metric is gated against a baseline.
///
/// - Exact counts are deterministic for a build, seed and parameters: any
///   change beyond rounding is real, so they are gated tightly. A count whose
///   rounds differ within the baseline is not: it depends on how threads were
///   scheduled (snapshot-listened's scrolled frame takes a large allocation
///   more in some rounds than in others, as its manager's thread runs:
///   docs/CONSTANTS.md, GateRules.countRange), so it moves when the run's median lies outside the baseline's
///   rounds (`.countRange`). The baseline decides which: the run under test
///   never loosens its own gate. A gated count that falls to zero fails.
/// - Instruction counts (callgrind) depend on the code executed, not on the
///   CPU's speed or load, so one baseline gates them on any host with the
///   same toolchain, Valgrind and C library. A count of a region one thread
///   ran moves between builds of unchanged code by less than
///   `MetricKind.rebuildTolerance`, whatever the region's length: the
///   instruction pass runs bench in a fixed environment, leaves the
///   runtime's conformance cache out and does its own work on a thread of
///   its own. A region more than one thread ran (snapshot-listened's
///   manager works in it) is counted whole, and how its threads take turns
///   depends on scheduling, so its count moves only past
///   `MetricKind.schedulingTolerance` (counting only the thread that opened
///   the region would leave out the manager's work, not the scheduling).
///   docs/METHODS.md has the measurements behind both.
/// - Timings drift between processes on a shared machine far more than
///   between the rounds of one run. So a timing's median regresses only
///   when its rounds differ significantly from the baseline's *and* it
///   moved past the timing tolerance (`standardTimingTolerance`); record
///   the baseline from several runs (`bench merge`) so its rounds carry
///   that drift. A run measured against the baseline then measures the
///   case of such a timing again and keeps the regression only if it
///   recurs (`BaselineComparison.confirmingTimings`): a slowdown of the
///   host can last all of a case's rounds, which run back to back. A
///   slowdown can outlast both measurements, and the baseline was recorded
///   at another time, so what still regresses is decided by measuring the
///   baseline's build and this one side by side, round about, on one host
///   (`sideBySide`, scripts/gate). docs/CI.md has the runs of unchanged
///   code the tolerance was set by.
/// - Tails (p99, max), latencies under deliberate thread contention and
///   other machine-dependent quantities (contention, context switches,
///   resident memory, concurrent stale/torn reads) are reported, never gated.
public struct GateRules: Hashable, Sendable {
    /// How far an instruction count may move before it counts as moved.
    public enum InstructionTolerance: Hashable, Sendable {
        /// A fixed fraction of the baseline's count.
        case relative(Double)
        /// The spread of the baseline's own counts, from the runs pooled
        /// into it (what the same build counted from run to run), but at
        /// least `atLeast`: what a rebuild moves, which runs of one build
        /// cannot show.
        case recordedSpread(atLeast: Double)
    }

    /// Relative change of a timing's median below which it never regresses.
    public var timingTolerance: Double
    /// The CI gate's timing tolerance: a median past 1.5 times the
    /// baseline's (or under 1/1.5 of it, for an improvement).
    public static let standardTimingTolerance = 0.5
    /// Significance a timing's rounds must reach.
    public var alpha: Double
    /// Relative tolerance of an exact count (for float rounding).
    var countTolerance: Double
    var instructionTolerance: InstructionTolerance
    /// Whether timings are compared at all (only on the baseline's host).
    var gatesTimings: Bool
    /// Whether counts and instruction counts are compared.
    var gatesCounts: Bool = true
    /// Whether the two runs are known to come from one host, measured in
    /// turns: then a clock read that costs more in one of them is a slow
    /// spell of the host, not another host, and timings are still gated.
    var measuredOnOneHost = false
    /// Whether a count that fell fails as one that rose: the question is
    /// whether the code still counts what the baseline counted, not whether
    /// it got worse.
    var anyMoveFails: Bool

    /// The CI gate: counts exactly, instructions within
    /// `MetricKind.rebuildTolerance` (`schedulingTolerance` where several
    /// threads ran the region), timings statistically past a timing
    /// tolerance; improvements pass.
    public static let standard = GateRules(
        timingTolerance: standardTimingTolerance, alpha: 0.05, countTolerance: 1e-6,
        instructionTolerance: .relative(MetricKind.rebuildTolerance), gatesTimings: true, anyMoveFails: false)

    /// How far an instruction count may move before the gate fails it, in
    /// words for help texts: "2%, or 5% where several threads ran its region".
    public static let instructionTolerances =
        "\(percent(MetricKind.rebuildTolerance)), or "
        + "\(percent(MetricKind.schedulingTolerance)) where several threads ran its region"

    /// How far a timing's median must move before the gate fails it, in
    /// words for help texts: "+50%, its rounds also significantly different".
    public static let timingToleranceInWords =
        "+\(percent(standardTimingTolerance)), its rounds also significantly different"

    /// A fraction as a percentage: 0.02 as "2%", 1.5 as "150%".
    static func percent(_ fraction: Double) -> String {
        String(format: "%g%%", fraction * 100)
    }

    /// Whether a run reproduces what a baseline counted: exact counts
    /// exactly, instruction counts within what a rebuild moves them or the
    /// baseline's recorded spread, whichever is more, in either direction;
    /// timings are not compared.
    public static let reproduction = GateRules(
        timingTolerance: standardTimingTolerance, alpha: 0.05, countTolerance: 1e-6,
        instructionTolerance: .recordedSpread(atLeast: MetricKind.rebuildTolerance), gatesTimings: false,
        anyMoveFails: true)

    /// Whether the timings of two builds measured side by side on one host,
    /// round about, differ: the baseline's commit as the baseline, the code
    /// under test as the run. A host that slows down slows both alike, so
    /// what the standard gate cannot tell from a slower host shows here as
    /// the code's. Counts are not compared: the standard gate compared them
    /// with the recorded baseline already.
    package static let sideBySide: GateRules = {
        var rules = GateRules.standard
        rules.gatesCounts = false
        rules.measuredOnOneHost = true
        return rules
    }()

    init(
        timingTolerance: Double, alpha: Double, countTolerance: Double, instructionTolerance: InstructionTolerance,
        gatesTimings: Bool, anyMoveFails: Bool
    ) {
        self.timingTolerance = timingTolerance
        self.alpha = alpha
        self.countTolerance = countTolerance
        self.instructionTolerance = instructionTolerance
        self.gatesTimings = gatesTimings
        self.anyMoveFails = anyMoveFails
    }

    /// The tolerance of an instruction count whose baseline is `series`, as
    /// a fraction of its median. The baseline's descriptor alone sets it: a
    /// region that more than one thread ran may move by
    /// `MetricKind.schedulingTolerance`. The run under test never widens it:
    /// a change that adds a thread to a region is gated as before.
    /// - Complexity: O(1).
    func instructionTolerance(of series: MetricSeries) -> Double {
        let relative =
            switch instructionTolerance {
            case .relative(let fraction): fraction
            case .recordedSpread(let least):
                series.median == 0 ? least : max(least, (series.summary.max - series.summary.min) / abs(series.median))
            }
        return series.metric.acrossThreads == true ? max(relative, MetricKind.schedulingTolerance) : relative
    }

    /// Whether every round of `series` is the same count, within rounding.
    /// - Complexity: O(1).
    func roundsAgree(_ series: MetricSeries) -> Bool {
        series.rounds.isEmpty
            || series.summary.max - series.summary.min <= countTolerance * max(1, abs(series.summary.min))
    }

    /// The smallest rise of the median of a gated cost whose baseline is
    /// `series` that fails the gate, relative to that median: 0 for an
    /// exact count of 0, which any rise fails, and `.infinity` for a count
    /// whose baseline rounds differ about a median of 0, which only a rise
    /// past its rounds fails; nil for what is reported, not gated. Timings
    /// must also differ significantly.
    /// - Complexity: O(1).
    func smallestCaughtRise(of series: MetricSeries, sameHost: Bool = true) -> Double? {
        smallestCaughtRise(of: series, under: treatment(of: series, sameHost: sameHost))
    }

    /// `smallestCaughtRise(of:sameHost:)` where `series` is gated as `treatment`.
    /// - Complexity: O(1).
    func smallestCaughtRise(of series: MetricSeries, under treatment: Treatment) -> Double? {
        let median = abs(series.median)
        switch treatment {
        case .exact: return median == 0 ? 0 : countTolerance * max(1, median) / median
        case .countRange:
            let past = series.summary.max - series.median + countTolerance * max(1, median)
            return median == 0 ? .infinity : past / median
        case .tolerance: return instructionTolerance(of: series)
        case .statistical: return timingTolerance
        case .reported: return nil
        }
    }

    enum Treatment: String, Sendable {
        case exact
        /// A count whose baseline rounds differ (scheduling-dependent):
        /// moved when the run's median lies outside the baseline's rounds.
        case countRange = "count range"
        /// Within a relative tolerance (instruction counts).
        case tolerance
        case statistical
        case reported
    }

    /// How a metric whose baseline is `series` is gated, given whether the
    /// timings of the two runs are comparable (the same host) and whether
    /// their instruction counts are (the same toolchain, Valgrind and C
    /// library: any host). A count is gated exactly unless its baseline
    /// rounds differ: the baseline decides, and rounds of the run under test
    /// that differ never loosen the gate.
    /// - Complexity: O(1).
    func treatment(of series: MetricSeries, sameHost: Bool, instructionsComparable: Bool = true) -> Treatment {
        let metric = series.metric
        if metric.informational { return .reported }
        switch metric.kind {
        case .count where !gatesCounts, .instructions where !gatesCounts: return .reported
        case .count: return roundsAgree(series) ? .exact : .countRange
        case .instructions: return instructionsComparable ? .tolerance : .reported
        case .timing:
            return gatesTimings && sameHost && !metric.tail ? .statistical : .reported
        case .quantity: return .reported
        }
    }
}
