#if canImport(Glibc)
import Glibc
#endif

/// The ratio of two samples' medians with a bootstrap confidence interval:
/// each resample draws both samples again, with replacement, and takes the
/// ratio of their medians. Deterministic for a seed, so a report rendered
/// twice from the same rounds says the same.
public struct RatioInterval: Hashable, Sendable, Codable {
    /// The candidate's median over the baseline's.
    public var ratio: Double
    public var low: Double
    public var high: Double

    public init(ratio: Double, low: Double, high: Double) {
        self.ratio = ratio
        self.low = low
        self.high = high
    }

    /// - Complexity: O(`resamples` × (n log n)) for samples of n rounds.
    public init(
        candidate: [Double], baseline: [Double], level: Double = 0.95, resamples: Int = 2_000,
        seed: UInt64 = 0x5EED
    ) {
        precondition(!candidate.isEmpty && !baseline.isEmpty, "a ratio of empty samples")
        let candidateSorted = candidate.sorted(), baselineSorted = baseline.sorted()
        ratio = Self.ratio(Quantiles.median(candidateSorted), Quantiles.median(baselineSorted))
        guard candidate.count > 1 || baseline.count > 1 else {
            (low, high) = (ratio, ratio)
            return
        }
        var random = SplitMix64(seed: seed)
        var ratios = [Double]()
        ratios.reserveCapacity(resamples)
        var top = [Double](repeating: 0, count: candidate.count)
        var bottom = [Double](repeating: 0, count: baseline.count)
        for _ in 0..<resamples {
            for index in top.indices { top[index] = candidateSorted[random.below(top.count)] }
            for index in bottom.indices { bottom[index] = baselineSorted[random.below(bottom.count)] }
            top.sort()
            bottom.sort()
            ratios.append(Self.ratio(Quantiles.median(top), Quantiles.median(bottom)))
        }
        ratios.sort()
        let tail = (1 - level) / 2
        low = Quantiles.quantile(ratios, tail)
        high = Quantiles.quantile(ratios, 1 - tail)
    }

    /// An exact ratio: both ends the value itself.
    public static func exact(_ candidate: Double, over baseline: Double) -> RatioInterval {
        let value = ratio(candidate, baseline)
        return RatioInterval(ratio: value, low: value, high: value)
    }

    /// This interval widened by a factor `e^spread` at both ends (`spread` a
    /// relative drift, as a natural logarithm).
    public func widened(by spread: Double) -> RatioInterval {
        guard spread > 0 else { return self }
        let factor = exp(spread)
        return RatioInterval(ratio: ratio, low: low / factor, high: high * factor)
    }

    /// The reciprocal ratio, its ends swapped.
    public var inverted: RatioInterval {
        RatioInterval(ratio: 1 / ratio, low: 1 / high, high: 1 / low)
    }

    /// 1 for 0 over 0; infinity for something over 0.
    public static func ratio(_ candidate: Double, _ baseline: Double) -> Double {
        baseline == 0 ? (candidate == 0 ? 1 : .infinity) : candidate / baseline
    }
}
