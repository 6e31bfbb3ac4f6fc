/// One scenario run with one set of parameters, on every store.
package struct CaseResult: Hashable, Sendable, Codable {
    package var scenario: String
    /// For example "F=10000 holders=1000".
    package var label: String
    package var parameters: [String: Int]
    /// The metric the case's one-line verdict is based on.
    package var headline: MetricID
    /// A note on how to read this case (what is batched, what a row is).
    package var notes: [String]
    /// Metrics that count correctness failures: 0 on every store, or the
    /// store is wrong.
    package var checks: [MetricID]
    package var stores: [StoreCaseResult]
    /// Per metric that ranks stores: the best, and every other store against it.
    var rankings: [MetricRanking]

    package init(scenario: String, label: String, parameters: [String: Int], headline: MetricID, notes: [String],
                checks: [MetricID] = [], stores: [StoreCaseResult]) {
        self.scenario = scenario
        self.label = label
        self.parameters = parameters
        self.headline = headline
        self.notes = notes
        self.checks = checks
        self.stores = stores
        self.rankings = MetricRanking.all(stores)
    }

    /// The ranking of one metric, if it ranks stores.
    package func ranking(_ metric: MetricID) -> MetricRanking? {
        rankings.first { $0.metric == metric }
    }

    /// The descriptor of a metric, as the first store that has it reports it.
    package func descriptor(_ metric: MetricID) -> MetricDescriptor? {
        for store in stores {
            if let series = store.metric(metric) { return series.metric }
        }
        return nil
    }

    /// A stable key for this case in baselines: scenario and sorted parameters.
    package var key: String {
        scenario + " " + parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: " ")
    }

    package func store(_ name: String) -> StoreCaseResult? {
        stores.first { $0.store == name }
    }
}

/// One store's metrics in one case.
package struct StoreCaseResult: Hashable, Sendable, Codable {
    package var store: String
    package var metrics: [MetricSeries]

    package init(store: String, metrics: [MetricSeries]) {
        self.store = store
        self.metrics = metrics
    }

    package func metric(_ id: MetricID) -> MetricSeries? {
        metrics.first { $0.metric.id == id }
    }
}
