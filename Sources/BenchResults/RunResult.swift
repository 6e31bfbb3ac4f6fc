import BenchMetrics

/// Everything one run of `bench` measured: the file `results.json` holds.
///
/// Versioned: a reader refuses a `schemaVersion` it does not know rather
/// than misread it. Bump `currentSchemaVersion` on any change that an older
/// reader would misinterpret.
public struct RunResult: Hashable, Sendable, Codable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var provenance: Provenance
    /// "quick", "default", "full", or "custom" when parameters were overridden.
    public var profile: String
    /// Independent rounds per case and store (a fresh store each).
    public var rounds: Int
    /// The stores in the order their columns appear; the first is the
    /// baseline of every B/A ratio.
    public var stores: [String]
    public var harness: HarnessCosts
    public var floors: [Floor]
    public var cases: [CaseResult]
    public var durationSeconds: Double
    /// True when the run was interrupted: only the cases listed completed.
    public var isPartial: Bool

    public init(
        provenance: Provenance, profile: String, rounds: Int, stores: [String], harness: HarnessCosts,
        floors: [Floor], cases: [CaseResult], durationSeconds: Double, isPartial: Bool = false
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.provenance = provenance
        self.profile = profile
        self.rounds = rounds
        self.stores = stores
        self.harness = harness
        self.floors = floors
        self.cases = cases
        self.durationSeconds = durationSeconds
        self.isPartial = isPartial
    }
}

/// What the measuring itself costs, measured in the same run.
public struct HarnessCosts: Hashable, Sendable, Codable {
    public var clock: ClockCalibration
    /// Nanoseconds one timed sample adds: two clock reads and a histogram record.
    public var perSampleNanoseconds: Double
    /// Nanoseconds a counted lock acquisition adds over a bare one.
    public var lockCountingNanoseconds: Double

    public init(clock: ClockCalibration, perSampleNanoseconds: Double, lockCountingNanoseconds: Double) {
        self.clock = clock
        self.perSampleNanoseconds = perSampleNanoseconds
        self.lockCountingNanoseconds = lockCountingNanoseconds
    }
}

/// The cost of a primitive the stores are built from, measured in this run,
/// so a store operation can be judged against what it cannot beat.
public struct Floor: Hashable, Sendable, Codable {
    public var id: String
    public var label: String
    /// Median over repetitions, nanoseconds per operation.
    public var nanoseconds: Double
    public var mallocsPerOperation: Double

    public init(id: String, label: String, nanoseconds: Double, mallocsPerOperation: Double) {
        self.id = id
        self.label = label
        self.nanoseconds = nanoseconds
        self.mallocsPerOperation = mallocsPerOperation
    }
}

/// One scenario run with one set of parameters, on every store.
public struct CaseResult: Hashable, Sendable, Codable {
    public var scenario: String
    /// For example "F=10000 holders=1000".
    public var label: String
    public var parameters: [String: Int]
    /// The metric the case's one-line verdict is based on.
    public var headline: String
    /// A note on how to read this case (what is batched, what a row is).
    public var notes: [String]
    public var stores: [StoreCaseResult]
    /// Every store after the first compared with the first, per metric.
    public var comparisons: [MetricComparison]

    public init(scenario: String, label: String, parameters: [String: Int], headline: String, notes: [String],
                stores: [StoreCaseResult], comparisons: [MetricComparison]) {
        self.scenario = scenario
        self.label = label
        self.parameters = parameters
        self.headline = headline
        self.notes = notes
        self.stores = stores
        self.comparisons = comparisons
    }

    /// A stable key for this case in baselines: scenario and sorted parameters.
    public var key: String {
        scenario + " " + parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: " ")
    }

    public func store(_ name: String) -> StoreCaseResult? {
        stores.first { $0.store == name }
    }
}

/// One store's metrics in one case.
public struct StoreCaseResult: Hashable, Sendable, Codable {
    public var store: String
    public var metrics: [MetricSeries]

    public init(store: String, metrics: [MetricSeries]) {
        self.store = store
        self.metrics = metrics
    }

    public func metric(_ id: String) -> MetricSeries? {
        metrics.first { $0.metric.id == id }
    }
}

/// A metric of a candidate store against the baseline store.
public struct MetricComparison: Hashable, Sendable, Codable {
    public var metric: String
    public var baseline: String
    public var candidate: String
    public var comparison: Comparison
    /// The store that is better, when the difference is significant (or, for
    /// an exact count, when the values differ at all).
    public var winner: String?

    public init(metric: MetricDescriptor, baseline: MetricSeries, candidate: MetricSeries,
                baselineStore: String, candidateStore: String) {
        self.metric = metric.id
        self.baseline = baselineStore
        self.candidate = candidateStore
        if metric.kind == .count {
            // Exact values: any difference is real, none is noise.
            self.comparison = Comparison(exactBaseline: baseline.median, candidate: candidate.median)
        } else {
            self.comparison = Comparison(baseline: baseline.rounds, candidate: candidate.rounds)
        }
        switch comparison.verdict {
        case .same: winner = nil
        case .lower: winner = metric.lowerIsBetter ? candidateStore : baselineStore
        case .higher: winner = metric.lowerIsBetter ? baselineStore : candidateStore
        }
    }
}
