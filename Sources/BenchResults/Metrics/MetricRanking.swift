import BenchStatistics

/// Every store of a case on one metric: the best one, and each other store
/// against it, so a table of any number of stores reads "who is best, and
/// how far behind is everyone else, surely or within noise".
public struct MetricRanking: Hashable, Sendable, Codable {
    /// One store other than the best.
    public struct Standing: Hashable, Sendable, Codable {
        public var store: String
        /// This store's median over the best's.
        public var ratio: Double
        /// How many times worse than the best, at least 1 (the ratio, or its
        /// inverse for a metric where higher is better).
        public var factor: Double
        /// How many times worse than the best, as an interval: the rules of
        /// evidence (`Evidence.costRatio`), drift included.
        public var low: Double
        public var high: Double
        /// Shown to be worse than the best: the interval lies above 1.
        public var isWorse: Bool
    }

    public var metric: MetricID
    /// The store with the best median: the lowest for a cost, the highest
    /// for a throughput; the first in store order on a tie.
    public var best: String
    /// Every other store, in store order.
    public var standings: [Standing]

    /// Ranks `series` (a store and its rounds, in store order) on `metric`.
    public init(metric: MetricDescriptor, _ series: [(store: String, series: MetricSeries)]) {
        precondition(!series.isEmpty, "ranking no stores")
        self.metric = metric.id
        func better(_ a: Double, than b: Double) -> Bool { metric.lowerIsBetter ? a < b : a > b }
        var leader = series[0]
        for entry in series.dropFirst() where better(entry.series.median, than: leader.series.median) { leader = entry }
        best = leader.store
        standings = series.filter { $0.store != leader.store }.map { entry in
            let cost = Evidence.costRatio(entry.series, over: leader.series)
            let ratio = RatioInterval.ratio(entry.series.median, leader.series.median)
            return Standing(
                store: entry.store, ratio: ratio, factor: cost.ratio.isNaN ? 1 : cost.ratio,
                low: cost.low, high: cost.high, isWorse: cost.low > 1)
        }
    }

    /// The standing of `store`, nil for the best.
    public func standing(of store: String) -> Standing? {
        standings.first { $0.store == store }
    }

    /// Whether every other store is shown to be worse than the best.
    public var isClear: Bool { !standings.isEmpty && standings.allSatisfy(\.isWorse) }

    /// The best and every store not significantly worse than it.
    public var leaders: [String] { [best] + standings.filter { !$0.isWorse }.map(\.store) }

    /// A ranking for each metric of `stores` that ranks (not informational),
    /// in the first store's metric order.
    public static func all(_ stores: [StoreCaseResult]) -> [MetricRanking] {
        var seen = Set<MetricID>()
        var rankings: [MetricRanking] = []
        for store in stores {
            for series in store.metrics where !series.metric.informational && seen.insert(series.metric.id).inserted {
                let entries = stores.compactMap { other in other.metric(series.metric.id).map { (other.store, $0) } }
                guard entries.count > 1 else { continue }
                rankings.append(MetricRanking(metric: series.metric, entries))
            }
        }
        return rankings
    }
}
