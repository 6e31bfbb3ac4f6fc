/// One scenario run with one set of parameters, on every store.
public struct CaseResult: Hashable, Sendable, Codable {
    public var scenario: String
    /// For example "F=10000 holders=1000".
    public var label: String
    public var parameters: [String: Int]
    /// The metric the case's one-line verdict is based on.
    public var headline: MetricID
    /// A note on how to read this case (what is batched, what a row is).
    public var notes: [String]
    /// Metrics that count correctness failures: 0 on every store, or the
    /// store is wrong.
    public var checks: [MetricID]
    public var stores: [StoreCaseResult]
    /// Stores of the run this case did not run, past the budget of its sweep
    /// at a smaller size (`StoreNotRun`); empty when every store ran it.
    public var notRun: [StoreNotRun]
    /// Per metric that ranks stores: the best, and every other store against it.
    var rankings: [MetricRanking]
    /// Wall time the case took, preparation, warm-up and every round on every
    /// store; nil in results from before it was recorded.
    public var durationSeconds: Double?

    public init(
        scenario: String, label: String, parameters: [String: Int], headline: MetricID, notes: [String],
        checks: [MetricID] = [], stores: [StoreCaseResult], notRun: [StoreNotRun] = [],
        upperBounds: Set<String> = []
    ) {
        self.scenario = scenario
        self.label = label
        self.parameters = parameters
        self.headline = headline
        self.notes = notes
        self.checks = checks
        self.stores = stores
        self.notRun = notRun
        self.rankings = MetricRanking.all(stores, upperBounds: upperBounds)
    }

    private enum CodingKeys: String, CodingKey {
        case scenario, label, parameters, headline, notes, checks, stores, notRun, rankings, durationSeconds
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(label, forKey: .label)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(headline, forKey: .headline)
        try container.encode(notes, forKey: .notes)
        try container.encode(checks, forKey: .checks)
        try container.encode(stores, forKey: .stores)
        // Written only where a store was not run, so a run without a sweep
        // that stopped writes what it wrote before.
        if !notRun.isEmpty { try container.encode(notRun, forKey: .notRun) }
        try container.encode(rankings, forKey: .rankings)
        try container.encodeIfPresent(durationSeconds, forKey: .durationSeconds)
    }

    /// Reads a case without its rankings: `RunResult.decode` ranks the
    /// stores again by this version's rules of evidence, whatever the file
    /// holds (a file may be older), once it has checked the figures are
    /// figures a run produces (a ranking of no rounds would trap).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scenario = try container.decode(String.self, forKey: .scenario)
        label = try container.decode(String.self, forKey: .label)
        parameters = try container.decode([String: Int].self, forKey: .parameters)
        headline = try container.decode(MetricID.self, forKey: .headline)
        notes = try container.decode([String].self, forKey: .notes)
        checks = try container.decode([MetricID].self, forKey: .checks)
        stores = try container.decode([StoreCaseResult].self, forKey: .stores)
        notRun = try container.decodeIfPresent([StoreNotRun].self, forKey: .notRun) ?? []
        durationSeconds = try container.decodeIfPresent(Double.self, forKey: .durationSeconds)
        rankings = []
    }

    /// Ranks the stores on every metric that ranks them, by this version's
    /// rules, the `upperBounds` beside the best contender.
    mutating func rank(upperBounds: Set<String>) {
        rankings = MetricRanking.all(stores, upperBounds: upperBounds)
    }

    /// The ranking of one metric, if it ranks stores.
    public func ranking(_ metric: MetricID) -> MetricRanking? {
        rankings.first { $0.metric == metric }
    }

    /// The descriptor of a metric, as the first store that has it reports it.
    public func descriptor(_ metric: MetricID) -> MetricDescriptor? {
        for store in stores {
            if let series = store.metric(metric) { return series.metric }
        }
        return nil
    }

    /// The scenario and the case's label, "feed-read N=1000"; the scenario
    /// alone for a case without parameters.
    public var title: String {
        label.isEmpty ? scenario : "\(scenario) \(label)"
    }

    /// The metric that decides a comparison on `id`: the instruction count
    /// of the operation whose median `id` is, where instructions were counted
    /// (they repeat exactly, and single-threaded work is what they count),
    /// else `id` itself.
    public func deciding(_ id: MetricID) -> MetricID {
        guard let operation = id.operationOfMedian, descriptor(operation.instructions) != nil else { return id }
        return operation.instructions
    }

    /// The time to set beside the instruction count that decides `id`: the
    /// loop's mean with its finish (a store's deferred work) shared out,
    /// which covers the work the count covers; `id` itself where no count
    /// or no such mean was reported.
    public func timeBesideCount(_ id: MetricID) -> MetricID {
        guard let operation = id.operationOfMedian, descriptor(operation.instructions) != nil,
            descriptor(operation.mean) != nil
        else { return id }
        return operation.mean
    }

    /// A stable key for this case in baselines: scenario and sorted parameters.
    public var key: String { Self.key(scenario: scenario, parameters: parameters) }

    /// The key of the case of `scenario` with `parameters`, run or not.
    public static func key(scenario: String, parameters: [String: Int]) -> String {
        scenario + " " + parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: " ")
    }

    public func store(_ name: String) -> StoreCaseResult? {
        stores.first { $0.store == name }
    }

    /// Why `name` did not run this case, if a sweep stopped it.
    public func notRun(_ name: String) -> StoreNotRun? {
        notRun.first { $0.store == name }
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

    public func metric(_ id: MetricID) -> MetricSeries? {
        metrics.first { $0.metric.id == id }
    }
}
