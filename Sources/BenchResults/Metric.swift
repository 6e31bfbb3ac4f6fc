import BenchMetrics

/// What a measured number is, so it can be compared and gated correctly.
public struct MetricDescriptor: Hashable, Sendable, Codable {
    /// Stable within a scenario, for example "rename.p99".
    public var id: String
    /// For people, for example "rename p99".
    public var label: String
    /// "ns", "µs", "mallocs/op", "bytes/model", ...
    public var unit: String
    public var kind: MetricKind
    /// Whether a smaller value is better (costs) or a larger one (throughput).
    public var lowerIsBetter: Bool
    /// Describes the run rather than ranks the stores (for example how many
    /// reads a thread managed, or how many entries a weak table holds): shown,
    /// never given a verdict, never gated.
    public var informational: Bool
    /// The kind of operation the metric times when a floor bounds it
    /// ("lookup", "row"): the report sets it beside the floor of what each
    /// store's operation of that kind is built from.
    public var bound: String?

    public init(id: String, label: String, unit: String, kind: MetricKind, lowerIsBetter: Bool = true,
                informational: Bool = false, bound: String? = nil) {
        self.id = id
        self.label = label
        self.unit = unit
        self.kind = kind
        self.lowerIsBetter = lowerIsBetter
        self.informational = informational
        self.bound = bound
    }
}

/// How a metric behaves from run to run.
public enum MetricKind: String, Hashable, Sendable, Codable {
    /// Time: noisy, compared statistically.
    case timing
    /// Deterministic for a given build, seed and parameters (allocations and
    /// bytes of single-threaded operations, heap bytes, models,
    /// notifications, correctness checks): compared exactly.
    case count
    /// Instructions executed per operation, counted under callgrind: they
    /// depend on the code run, not on the CPU's speed or the machine's load,
    /// so they repeat for a build, seed and parameters up to the little that
    /// depends on addresses. Compared exactly between stores, gated against
    /// a baseline within a tolerance.
    case instructions

    /// Instruction counts of two stores within this (relative) are alike:
    /// far above how much one count moves between runs (a few hundredths of
    /// a percent), far below any difference of design.
    public static let instructionsAlike = 0.01
    /// A quantity that depends on thread timing or the machine (contention,
    /// context switches, resident memory, stale and torn reads under
    /// concurrency): compared statistically, reported but never gated.
    case quantity
}

/// One metric of one store over every round of a case.
public struct MetricSeries: Hashable, Sendable, Codable {
    public var metric: MetricDescriptor
    /// One value per round, in round order.
    public var rounds: [Double]
    public var summary: BenchSummary

    public init(metric: MetricDescriptor, rounds: [Double]) {
        self.metric = metric
        self.rounds = rounds
        self.summary = BenchSummary(rounds)
    }

    public var median: Double { summary.median }
}

extension Comparison {
    /// Compares two stores' rounds of one metric: an exact count exactly,
    /// instruction counts within `MetricKind.instructionsAlike`, anything
    /// else statistically.
    public init(baseline: MetricSeries, candidate: MetricSeries) {
        switch baseline.metric.kind {
        case .count:
            self.init(exactBaseline: baseline.median, candidate: candidate.median)
        case .instructions:
            self.init(exactBaseline: baseline.median, candidate: candidate.median,
                      tolerance: MetricKind.instructionsAlike)
        case .timing, .quantity:
            self.init(baseline: baseline.rounds, candidate: candidate.rounds)
        }
    }
}
