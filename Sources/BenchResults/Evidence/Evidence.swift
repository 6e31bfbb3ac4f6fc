#if canImport(Glibc)
import Glibc
#endif
import BenchStatistics

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
/// - A difference is shown when that interval excludes 1.
/// - A bound is met when the interval lies inside it, missed when it lies
///   outside, and otherwise not shown by the run.
public enum Evidence {
    /// What a run shows about a figure against a bound.
    public enum Outcome: String, Hashable, Sendable {
        case met
        case missed
        case notShown = "not shown"
    }

    /// How many times costlier `candidate` is than `baseline` (above 1:
    /// worse, whatever the metric's direction), with its interval.
    public static func costRatio(_ candidate: MetricSeries, over baseline: MetricSeries) -> RatioInterval {
        let raw: RatioInterval
        switch candidate.metric.kind {
        case .count, .instructions:
            raw = RatioInterval.exact(candidate.median, over: baseline.median)
                .widened(by: log(1 + MetricKind.instructionsAlike))
        case .timing, .quantity:
            raw = RatioInterval(candidate: candidate.rounds, baseline: baseline.rounds)
        }
        let oriented = candidate.metric.lowerIsBetter ? raw : raw.inverted
        return oriented.widened(by: (candidate.drift ?? 0) + (baseline.drift ?? 0))
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
