import BenchStatistics

/// What a measured number is, so it can be compared and gated correctly.
public struct MetricDescriptor: Hashable, Sendable, Codable {
    /// Stable within a scenario, for example "rename.p99".
    public var id: MetricID
    /// For people, for example "rename p99".
    public var label: String
    public var unit: MetricUnit
    public var kind: MetricKind
    /// Whether a smaller value is better (costs) or a larger one (throughput).
    public var lowerIsBetter: Bool
    /// Describes the run rather than ranks the stores (for example how many
    /// reads a thread managed, or how many entries a weak table holds): shown,
    /// never given a verdict, never gated.
    public var informational: Bool
    /// The operation of a store's floor that bounds this metric ("lookup",
    /// "row"): what `StoreInfo.floors` says it is built from.
    public var bound: String?
    /// The id of the metric, in the same case and store, that measured the
    /// floor of this one: the report sets them side by side.
    public var floor: MetricID?
    /// A percentile far from the middle (p99, max): one slow operation moves
    /// it, so it is reported and never gated.
    public var tail: Bool
    /// For an instruction count, what the counted region's total was divided
    /// by: the operations it ran, or the models one operation loaded.
    public var operations: Int?
    /// For an instruction count, whether more than one thread ran
    /// instructions in the counted region (a store's own thread doing work
    /// handed to it): how often they woke each other depends on scheduling,
    /// so the count moves between runs (`MetricKind.schedulingTolerance`).
    /// Absent, not false, otherwise, so results of one thread read as before.
    public var acrossThreads: Bool?

    public init(
        id: MetricID, label: String, unit: MetricUnit, kind: MetricKind, lowerIsBetter: Bool = true,
        informational: Bool = false, bound: String? = nil, floor: MetricID? = nil, tail: Bool = false,
        operations: Int? = nil, acrossThreads: Bool? = nil
    ) {
        self.id = id
        self.label = label
        self.unit = unit
        self.kind = kind
        self.lowerIsBetter = lowerIsBetter
        self.informational = informational
        self.bound = bound
        self.floor = floor
        self.tail = tail
        self.operations = operations
        self.acrossThreads = acrossThreads
    }

    private enum CodingKeys: String, CodingKey {
        case id, label, unit, kind, lowerIsBetter, informational, bound, floor, tail, operations, acrossThreads
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(MetricID.self, forKey: .id)
        label = try container.decode(String.self, forKey: .label)
        unit = try container.decode(MetricUnit.self, forKey: .unit)
        kind = try container.decode(MetricKind.self, forKey: .kind)
        lowerIsBetter = try container.decode(Bool.self, forKey: .lowerIsBetter)
        informational = try container.decode(Bool.self, forKey: .informational)
        bound = try container.decodeIfPresent(String.self, forKey: .bound)
        floor = try container.decodeIfPresent(MetricID.self, forKey: .floor)
        // Results written before descriptors said so named their tails only in the id.
        tail =
            try container.decodeIfPresent(Bool.self, forKey: .tail)
            ?? (id.rawValue.hasSuffix(".p99") || id.rawValue.hasSuffix(".max"))
        operations = try container.decodeIfPresent(Int.self, forKey: .operations)
        acrossThreads = try container.decodeIfPresent(Bool.self, forKey: .acrossThreads)
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
    /// far above how much one count moves between runs of one build (a few
    /// hundredths of a percent), far below any difference of design.
    public static let instructionsAlike = 0.01
    /// How far an instruction count of a region one thread ran may move
    /// between builds of unchanged code, relative to it, once the counter's
    /// own work runs on a thread of its own, the runtime's conformance cache
    /// is left out and every region starts on an arena of its own
    /// (docs/METHODS.md, "Instructions per operation", has what moved how
    /// far). Twice the furthest any moved, and under the smallest regression
    /// the gate must catch (`schedulingTolerance`), over a region of any length.
    public static let rebuildTolerance = 0.02
    /// How far an instruction count of a region more than one thread ran
    /// (`MetricDescriptor.acrossThreads`) may move between runs of one
    /// build, relative to it: how often the threads wake each other depends
    /// on when the scheduler runs them (docs/METHODS.md, "The gate's
    /// tolerances", has the spread measured). The smallest regression the
    /// gate must catch.
    public static let schedulingTolerance = 0.05
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
    /// The rounds summarized for the results file.
    public var summary: SampleSummary
    /// How far this median moved between two runs of the same build, as
    /// |ln(this run's median / the other run's)|; nil when no second run was
    /// compared (`RunResult.recordingDrift(from:)`). Rule of evidence: every
    /// interval is widened by it.
    public var drift: Double?

    public init(metric: MetricDescriptor, rounds: [Double], drift: Double? = nil) {
        self.metric = metric
        self.rounds = rounds
        self.summary = SampleSummary(rounds)
        self.drift = drift
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
            self.init(
                exactBaseline: baseline.median, candidate: candidate.median,
                tolerance: MetricKind.instructionsAlike)
        case .timing, .quantity:
            self.init(baseline: baseline.rounds, candidate: candidate.rounds)
        }
    }
}
