/// Independent rounds of one measurement, summarized robustly: the median
/// with a bootstrap confidence interval, outliers classified (never dropped),
/// and a flag when the rounds disagree too much to trust a small difference.
public struct SampleSummary: Hashable, Sendable, Codable {
    public var count: Int
    public var median: Double
    /// Bootstrap percentile interval of the median.
    public var confidenceLow: Double
    public var confidenceHigh: Double
    var confidenceLevel: Double
    public var mean: Double
    var standardDeviation: Double
    public var min: Double
    public var max: Double
    var outliers: OutlierCounts

    /// An interval wider than this share of the median, either side, is noisy.
    static let noisyHalfWidth = 0.05

    /// Half the interval's width, relative to the median.
    var relativeHalfWidth: Double {
        median == 0 ? 0 : (confidenceHigh - confidenceLow) / 2 / abs(median)
    }

    /// Whether the rounds scatter so much that the median is uncertain by
    /// more than `noisyHalfWidth`: report the number, but flag it.
    public var isNoisy: Bool { relativeHalfWidth > Self.noisyHalfWidth }

    /// Summarizes `samples` (at least one).
    ///
    /// - Parameters:
    ///   - resamples: bootstrap resamples; the interval is deterministic for
    ///     a given `seed`.
    public init(_ samples: [Double], confidenceLevel: Double = 0.95, resamples: Int = 2_000, seed: UInt64 = 0x5EED) {
        precondition(!samples.isEmpty, "summarizing no samples")
        let sorted = samples.sorted()
        count = sorted.count
        median = Quantiles.median(sorted)
        let average = sorted.reduce(0, +) / Double(sorted.count)
        let squares = sorted.reduce(0) { $0 + ($1 - average) * ($1 - average) }
        mean = average
        standardDeviation = sorted.count < 2 ? 0 : (squares / Double(sorted.count - 1)).squareRoot()
        min = sorted[0]
        max = sorted[count - 1]
        outliers = OutlierCounts(sorted: sorted)
        self.confidenceLevel = confidenceLevel
        (confidenceLow, confidenceHigh) = Bootstrap.medianInterval(
            sorted, level: confidenceLevel, resamples: resamples, seed: seed)
    }
}

/// Samples outside Tukey's fences: mild beyond 1.5 interquartile ranges
/// from the quartiles, severe beyond 3.
struct OutlierCounts: Hashable, Sendable, Codable {
    var lowSevere = 0
    var lowMild = 0
    var highMild = 0
    var highSevere = 0

    public var total: Int { lowSevere + lowMild + highMild + highSevere }

    init(sorted: [Double]) {
        guard sorted.count >= 4 else { return }
        let q1 = Quantiles.quantile(sorted, 0.25), q3 = Quantiles.quantile(sorted, 0.75)
        let range = q3 - q1
        for value in sorted {
            if value < q1 - 3 * range {
                lowSevere += 1
            } else if value < q1 - 1.5 * range {
                lowMild += 1
            } else if value > q3 + 3 * range {
                highSevere += 1
            } else if value > q3 + 1.5 * range {
                highMild += 1
            }
        }
    }
}

/// Quantiles of a sample, the way summaries and charts compute them.
public enum Quantiles {
    /// Linear interpolation between closest ranks; `sorted` must be sorted.
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    public static func median(_ sorted: [Double]) -> Double { quantile(sorted, 0.5) }
}

enum Bootstrap {
    /// Percentile bootstrap interval of the median of `sorted`.
    static func medianInterval(
        _ sorted: [Double], level: Double, resamples: Int, seed: UInt64
    ) -> (low: Double, high: Double) {
        guard sorted.count > 1 else { return (sorted[0], sorted[0]) }
        var random = SplitMix64(seed: seed)
        var medians = [Double]()
        medians.reserveCapacity(resamples)
        var resample = [Double](repeating: 0, count: sorted.count)
        for _ in 0..<resamples {
            for index in resample.indices { resample[index] = sorted[random.below(sorted.count)] }
            resample.sort()
            medians.append(Quantiles.median(resample))
        }
        medians.sort()
        let tail = (1 - level) / 2
        return (Quantiles.quantile(medians, tail), Quantiles.quantile(medians, 1 - tail))
    }
}

/// A seeded generator for resampling, so a summary is reproducible.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<bound`, by rejection so no value is favoured.
    mutating func below(_ bound: Int) -> Int {
        let limit = UInt64(bound)
        let threshold = (0 &- limit) % limit
        while true {
            let value = next()
            if value >= threshold { return Int(value % limit) }
        }
    }
}
