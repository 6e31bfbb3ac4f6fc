import BenchStatistics

#if canImport(Glibc)
import Glibc
#endif

/// The rules of evidence, in one place: how a run shows that one store's
/// figure differs from another's, or that a figure meets a bound. Every
/// table's ranking, the summary and the claims use these and nothing else.
///
/// - The ratio of two figures carries an interval: exact, give or take
///   `MetricKind.instructionsAlike` (1%), for counts and instruction counts
///   (a lead of a fraction of a byte per model is no lead); the 95% bootstrap
///   interval of the ratio of the rounds' medians for timings and other
///   quantities. The interval is then widened by both figures' run-to-run
///   drift (`MetricSeries.drift`, measured between two runs of one build).
/// - A difference from zero is a difference: where a median is 0 the ratio
///   of medians has no interval, and the rounds decide it instead: every
///   round of one side past every round of the other is shown, overlapping
///   rounds are not, and zero against zero is a tie.
/// - A difference is shown when that interval excludes 1.
/// - A bound is met when the interval lies inside it, missed when it lies
///   outside, and otherwise not shown by the run.
/// - An absolute time bound (a frame budget) is met only with `deviceMargin`
///   to spare and missed only beyond it: the same build runs slower or
///   faster per operation on another 2-core host, so a figure nearer its
///   budget than that depends on the device.
public enum Evidence {
    /// What a run shows about a figure against a bound.
    /// Its raw value, written to `verdicts.json`, is the case's name;
    /// `phrase` is the words the report prints.
    public enum Outcome: String, Hashable, Sendable, Codable, CaseIterable {
        case met
        case missed
        case notShown
        /// Within `deviceMargin` of an absolute time bound: another host could
        /// land on either side of it.
        case dependsOnDevice

        /// The outcome in words: "not shown".
        public var phrase: String {
            switch self {
            case .met: "met"
            case .missed: "missed"
            case .notShown: "not shown"
            case .dependsOnDevice: "depends on the device"
            }
        }
    }

    /// How far inside (or past) an absolute time bound a figure must lie to
    /// meet (or miss) it on any host: above the spread measured between
    /// 2-core hosts running one build (docs/CONSTANTS.md, Evidence.deviceMargin).
    public static let deviceMargin = 2.0

    /// How many times costlier `candidate` is than `baseline` (above 1:
    /// worse, whatever the metric's direction), with its interval.
    public static func costRatio(_ candidate: MetricSeries, over baseline: MetricSeries) -> RatioInterval {
        let raw: RatioInterval
        switch candidate.metric.kind {
        case .count, .instructions:
            raw = RatioInterval.exact(candidate.median, over: baseline.median)
                .widened(by: log(1 + MetricKind.instructionsAlike))
        case .timing, .quantity:
            raw =
                fromZero(candidate.rounds, over: baseline.rounds)
                ?? RatioInterval(candidate: candidate.rounds, baseline: baseline.rounds)
        }
        let oriented = candidate.metric.lowerIsBetter ? raw : raw.inverted
        return oriented.widened(by: (candidate.drift ?? 0) + (baseline.drift ?? 0))
    }

    /// The ratio of two samples when either median is 0, decided by their
    /// rounds; nil when neither is, for the bootstrap to decide.
    static func fromZero(_ candidate: [Double], over baseline: [Double]) -> RatioInterval? {
        guard let candidateLow = candidate.min(), let candidateHigh = candidate.max(),
            let baselineLow = baseline.min(), let baselineHigh = baseline.max()
        else { return nil }
        let candidateMedian = Quantiles.median(candidate.sorted()), baselineMedian = Quantiles.median(baseline.sorted())
        guard candidateMedian == 0 || baselineMedian == 0 else { return nil }
        if candidateHigh == 0 && baselineHigh == 0 { return RatioInterval(ratio: 1, low: 1, high: 1) }
        if baselineMedian == 0 && candidateMedian > 0 {
            return RatioInterval(ratio: .infinity, low: candidateLow > baselineHigh ? .infinity : 0, high: .infinity)
        }
        if candidateMedian == 0 && baselineMedian > 0 {
            return RatioInterval(ratio: 0, low: 0, high: candidateHigh < baselineLow ? 0 : .infinity)
        }
        // Both medians 0, some rounds not: nothing is shown either way.
        return RatioInterval(ratio: 1, low: 0, high: .infinity)
    }

    /// The interval of one figure's median, widened by its drift.
    public static func interval(_ series: MetricSeries) -> (low: Double, high: Double) {
        let spread = exp(series.drift ?? 0)
        switch series.metric.kind {
        case .count:
            return (series.median / spread, series.median * spread)
        case .instructions:
            let alike = (1 + MetricKind.instructionsAlike) * spread
            return (series.median / alike, series.median * alike)
        case .timing, .quantity:
            return (series.summary.confidenceLow / spread, series.summary.confidenceHigh * spread)
        }
    }

    /// Whether a cost ratio is shown to be at most `bound`.
    public static func outcome(_ ratio: RatioInterval, atMost bound: Double) -> Outcome {
        if ratio.high <= bound { return .met }
        if ratio.low > bound { return .missed }
        return .notShown
    }

    /// Whether a time is shown to fit `budget` on any host: its interval
    /// `deviceMargin` times inside it; missed when that far past it;
    /// otherwise it depends on the device.
    public static func outcome(_ series: MetricSeries, budget: Double) -> Outcome {
        let (low, high) = interval(series)
        if high * deviceMargin <= budget { return .met }
        if low > budget * deviceMargin { return .missed }
        return .dependsOnDevice
    }

    /// Whether a figure is shown to meet `limit` (at most, or at least for a
    /// metric where higher is better).
    public static func outcome(_ series: MetricSeries, limit: Double) -> Outcome {
        let (low, high) = interval(series)
        if series.metric.lowerIsBetter {
            if high <= limit { return .met }
            if low > limit { return .missed }
        } else {
            if low >= limit { return .met }
            if high < limit { return .missed }
        }
        return .notShown
    }
}
