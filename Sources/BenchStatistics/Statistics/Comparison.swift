#if canImport(Glibc)
import Glibc
#endif

/// Whether a candidate's rounds differ from a baseline's, and by how much.
///
/// Significant means both: the Mann-Whitney U test rejects "same
/// distribution" at `alpha`, *and* the medians differ by more than a
/// tolerance. A shared, noisy machine produces tiny but "significant"
/// differences; the tolerance keeps those from being called real.
public struct Comparison: Hashable, Sendable, Codable {
    public enum Verdict: String, Hashable, Sendable, Codable {
        /// The candidate is significantly lower (cheaper, for a cost).
        case lower
        /// No significant difference.
        case same
        /// The candidate is significantly higher.
        case higher
    }

    /// Candidate median over baseline median.
    public var ratio: Double
    /// Two-sided p-value of the Mann-Whitney U test.
    public var pValue: Double
    public var alpha: Double
    /// The relative change below which a difference is never significant.
    public var tolerance: Double
    public var verdict: Verdict

    /// - Parameters:
    ///   - tolerance: relative difference of the medians below which a
    ///     difference is never significant, as a factor either way: 0.02 is
    ///     2% (above 1.02 times or below 1/1.02 times).
    public init(baseline: [Double], candidate: [Double], alpha: Double = 0.05, tolerance: Double = 0.02) {
        precondition(!baseline.isEmpty && !candidate.isEmpty, "comparing empty samples")
        let baselineMedian = Quantiles.median(baseline.sorted())
        let candidateMedian = Quantiles.median(candidate.sorted())
        ratio =
            baselineMedian == 0
            ? (candidateMedian == 0 ? 1 : .infinity)
            : candidateMedian / baselineMedian
        pValue = MannWhitney.pValue(baseline, candidate)
        self.alpha = alpha
        self.tolerance = tolerance
        // The tolerance is a factor both ways: 0.5 means more than 1.5 times, or
        // less than 1/1.5 times, so that it can be wider than 100%.
        if pValue < alpha, ratio > 1 + tolerance || ratio < 1 / (1 + tolerance) {
            verdict = ratio < 1 ? .lower : .higher
        } else {
            verdict = .same
        }
    }
}

extension Comparison {
    /// Compares two exact values (deterministic counts): any difference
    /// beyond `tolerance` (relative) is significant, with p = 0; values within
    /// it are the same, with p = 1.
    public init(exactBaseline baseline: Double, candidate: Double, tolerance: Double = 0) {
        ratio = baseline == 0 ? (candidate == 0 ? 1 : .infinity) : candidate / baseline
        let same = baseline == candidate || abs(ratio - 1) <= tolerance
        pValue = same ? 1 : 0
        alpha = 0
        self.tolerance = tolerance
        verdict = same ? .same : (candidate < baseline ? .lower : .higher)
    }
}

enum MannWhitney {
    /// Two-sided p-value, normal approximation with tie and continuity
    /// corrections. 1 when every value is tied.
    static func pValue(_ first: [Double], _ second: [Double]) -> Double {
        let n1 = Double(first.count), n2 = Double(second.count), n = n1 + n2
        let pooled = (first.map { ($0, 0) } + second.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var rankSumFirst = 0.0
        var tieTerm = 0.0
        var index = 0
        while index < pooled.count {
            var end = index
            while end + 1 < pooled.count && pooled[end + 1].0 == pooled[index].0 { end += 1 }
            let averageRank = Double(index + end) / 2 + 1
            let ties = Double(end - index + 1)
            tieTerm += ties * ties * ties - ties
            for position in index...end where pooled[position].1 == 0 { rankSumFirst += averageRank }
            index = end + 1
        }
        let u = rankSumFirst - n1 * (n1 + 1) / 2
        let mean = n1 * n2 / 2
        let variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { return 1 }
        let z = max(0, abs(u - mean) - 0.5) / variance.squareRoot()
        return erfc(z / 2.0.squareRoot())
    }
}
