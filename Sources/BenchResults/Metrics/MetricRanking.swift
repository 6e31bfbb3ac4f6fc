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
        /// An upper bound, set beside the best rather than ranked.
        public var isUpperBound: Bool
    }

    public var metric: MetricID
    /// The contender with the best median: the lowest for a cost, the highest
    /// for a throughput; the first in store order on a tie. Among every store
    /// only when every store is an upper bound.
    public var best: String
    /// Every other store, in store order.
    public var standings: [Standing]

    /// Ranks `series` (a store and its rounds, in store order) on `metric`,
    /// the `upperBounds` beside the best contender.
    public init(
        metric: MetricDescriptor, _ series: [(store: String, series: MetricSeries)], upperBounds: Set<String> = []
    ) {
        precondition(!series.isEmpty, "ranking no stores")
        self.metric = metric.id
        func better(_ a: Double, than b: Double) -> Bool { metric.lowerIsBetter ? a < b : a > b }
        let contenders = series.filter { !upperBounds.contains($0.store) }
        let pool = contenders.isEmpty ? series : contenders
        var leader = pool[0]
        for entry in pool.dropFirst() where better(entry.series.median, than: leader.series.median) { leader = entry }
        best = leader.store
        standings = series.filter { $0.store != leader.store }.map { entry in
            let cost = Evidence.costRatio(entry.series, over: leader.series)
            let ratio = RatioInterval.ratio(entry.series.median, leader.series.median)
            return Standing(
                store: entry.store, ratio: ratio, factor: cost.ratio.isNaN ? 1 : cost.ratio,
                low: cost.low, high: cost.high, isWorse: cost.low > 1,
                isUpperBound: upperBounds.contains(entry.store) && !contenders.isEmpty)
        }
    }

    /// The standing of `store`, nil for the best.
    public func standing(of store: String) -> Standing? {
        standings.first { $0.store == store }
    }

    /// The contenders other than the best.
    public var contenders: [Standing] { standings.filter { !$0.isUpperBound } }

    /// Whether every other contender is shown to be worse than the best.
    public var isClear: Bool { !contenders.isEmpty && contenders.allSatisfy(\.isWorse) }

    /// The best and every contender not shown to be worse than it.
    public var leaders: [String] { [best] + contenders.filter { !$0.isWorse }.map(\.store) }

    /// A ranking for each metric of `stores` that ranks (not informational),
    /// in the first store's metric order, the `upperBounds` set beside.
    public static func all(_ stores: [StoreCaseResult], upperBounds: Set<String>) -> [MetricRanking] {
        var seen = Set<MetricID>()
        var rankings: [MetricRanking] = []
        for store in stores {
            for series in store.metrics where !series.metric.informational && seen.insert(series.metric.id).inserted {
                let entries = stores.compactMap { other in other.metric(series.metric.id).map { (other.store, $0) } }
                guard entries.count > 1 else { continue }
                rankings.append(MetricRanking(metric: series.metric, entries, upperBounds: upperBounds))
            }
        }
        return rankings
    }
}
