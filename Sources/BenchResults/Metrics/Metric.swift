import BenchStatistics

/// What a measured number is, so it can be compared and gated correctly.
public struct MetricDescriptor: Hashable, Sendable, Codable {
    /// Stable within a scenario, for example "rename.p99".
    public var id: MetricID
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
    /// by: the operations it ran, or the models one operation loaded. A fixed
    /// amount of work that lands in the region or not moves the count of a
    /// region of few operations furthest (`MetricKind.regionMove`).
    public var operations: Int?
    /// For an instruction count, whether more than one thread ran
    /// instructions in the counted region (a store's own thread doing work
    /// handed to it): how often they woke each other depends on scheduling,
    /// so the count moves between runs (`MetricKind.schedulingTolerance`).
    /// Absent, not false, otherwise, so results of one thread read as before.
    public var acrossThreads: Bool?

    public init(id: MetricID, label: String, unit: String, kind: MetricKind, lowerIsBetter: Bool = true,
                informational: Bool = false, bound: String? = nil, floor: MetricID? = nil, tail: Bool = false,
                operations: Int? = nil, acrossThreads: Bool? = nil) {
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
        unit = try container.decode(String.self, forKey: .unit)
        kind = try container.decode(MetricKind.self, forKey: .kind)
        lowerIsBetter = try container.decode(Bool.self, forKey: .lowerIsBetter)
        informational = try container.decode(Bool.self, forKey: .informational)
        bound = try container.decodeIfPresent(String.self, forKey: .bound)
        floor = try container.decodeIfPresent(MetricID.self, forKey: .floor)
        // Results written before descriptors said so named their tails only in the id.
        tail = try container.decodeIfPresent(Bool.self, forKey: .tail)
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
    /// How far rebuilding unchanged code may move an instruction count,
    /// relative to it. A rebuild lays the binary out differently, and what
    /// ran before a counted region (in the process, and the other stores'
    /// rounds before it) leaves the allocator and the runtime's caches in
    /// another state: builds of one source counted the quick profile's
    /// operations up to 2.7% apart where a region runs thousands of them
    /// (snapshot-flat's and snapshot-listened's lookups and churn), the
    /// uniquing stores' up to 1.1%. A count gated against a baseline from
    /// another build moves only past this, or past `regionMove`.
    public static let rebuildTolerance = 0.05
    /// How far a rebuild may move a counted region's instructions in all,
    /// whatever its length: a jemalloc slab or thread-cache refill that falls
    /// inside the region or outside it. Adding a listener to a held thread
    /// (child-propagation shape 4) counts 20 operations of about 4,500
    /// instructions; the quick profile of two builds of one source counted
    /// uniquing-main's at 4,293 and 4,931 per operation (12,760 instructions
    /// apart over the region), and where two builds differed by 3,279 in it,
    /// every function that differed by more than 100 was jemalloc's slow
    /// path or its arena lock. Twice the largest move seen, spread over the
    /// region's operations (`MetricDescriptor.operations`): 1,250 per
    /// operation for those 20, under 13 for a region of 2,000.
    public static let regionMove = 25_000.0
    /// How far an instruction count of a region more than one thread ran
    /// (`MetricDescriptor.acrossThreads`) may move between runs of one
    /// build, relative to it: how often the threads wake each other, and how
    /// much each wake-up costs, depends on when the scheduler runs them.
    /// snapshot-listened's observe-and-cancel churn (observer-fanout, quick
    /// profile, ids=1000) counted 9,790 to 10,651 instructions per operation
    /// in eleven runs of unchanged measured code on three hosts (the
    /// baseline's three, a CI run, seven on a third host, some beside a compile or
    /// another callgrind run), 8.8% apart; the CI run lay 6.1% below
    /// the baseline's median, the furthest any did. Past 15% a count moved by
    /// more than scheduling moves it; a smaller regression of such a region
    /// goes unseen.
    public static let schedulingTolerance = 0.15
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
            self.init(exactBaseline: baseline.median, candidate: candidate.median,
                      tolerance: MetricKind.instructionsAlike)
        case .timing, .quantity:
            self.init(baseline: baseline.rounds, candidate: candidate.rounds)
        }
    }
}
