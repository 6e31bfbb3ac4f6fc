import BenchResults

/// How each metric is gated against a baseline.
///
/// - Exact counts are deterministic for a build, seed and parameters: any
///   change beyond rounding is real, so they are gated tightly.
/// - Timings drift between processes on a shared machine far more than
///   between the rounds of one run: across nine runs of one build on the
///   reference machine, single-threaded medians moved by up to +115%. So a
///   timing's median regresses only when its rounds differ significantly
///   from the baseline's *and* it moved past the noise floor (150% by
///   default: 2.5 times the baseline); record the baseline from several
///   runs (`bench merge`) so its rounds carry that drift.
/// - Tails (p99, max), latencies under deliberate thread contention and
///   other machine-dependent quantities (contention, context switches,
///   resident memory, concurrent stale/torn reads) are reported, never gated.
public struct GateRules: Hashable, Sendable {
    /// Relative change of a timing's median below which it never regresses.
    public var timingNoiseFloor: Double
    /// Significance a timing's rounds must reach.
    public var alpha: Double
    /// Relative tolerance of an exact count (for float rounding).
    public var countTolerance: Double

    public static let standard = GateRules(timingNoiseFloor: 1.5, alpha: 0.05, countTolerance: 1e-6)

    public init(timingNoiseFloor: Double, alpha: Double, countTolerance: Double) {
        self.timingNoiseFloor = timingNoiseFloor
        self.alpha = alpha
        self.countTolerance = countTolerance
    }

    public enum Treatment: String, Sendable {
        case exact
        case statistical
        case reported
    }

    public func treatment(of metric: MetricDescriptor, sameHost: Bool) -> Treatment {
        if metric.informational { return .reported }
        switch metric.kind {
        case .count: return .exact
        case .timing:
            let isTail = metric.id.hasSuffix(".max") || metric.id.hasSuffix(".p99")
            return sameHost && !isTail ? .statistical : .reported
        case .quantity: return .reported
        }
    }
}
