import BenchStatistics
import BenchResults

/// The best store of each of two sides on one metric of a case, and whether
/// the run shows one side's best to be better than the other's, by the rules
/// of `Evidence`. The sides are the design families, or any split of the
/// stores.
struct FamilyDuel {
    /// Side → its best store.
    let leader: [String: String]
    /// Side → its best store's median.
    let median: [String: Double]
    /// The side whose best store is shown to be better, if one is.
    let winner: String?
    /// How many times better the leading side's best is (at least 1).
    let factor: Double
    /// The interval of that factor (low above 1 when a winner is shown).
    let interval: RatioInterval

    /// The design families of `run`, each a side.
    init?(_ result: CaseResult, metric: MetricDescriptor, run: RunResult) {
        self.init(result, metric: metric) { run.design(of: $0)?.family }
    }

    /// `side` names each store's side, nil to leave a store out; nil unless
    /// there are exactly two sides.
    init?(_ result: CaseResult, metric: MetricDescriptor, side: (String) -> String?) {
        var best: [String: MetricSeries] = [:]
        var leader: [String: String] = [:]
        for store in result.stores {
            guard let name = side(store.store), let series = store.metric(metric.id) else { continue }
            if let current = best[name] {
                let better = metric.lowerIsBetter ? series.median < current.median : series.median > current.median
                guard better else { continue }
            }
            best[name] = series
            leader[name] = store.store
        }
        guard best.count == 2 else { return nil }
        let sides = best.keys.sorted()
        // The side ahead on its median against the other, as a cost ratio
        // of at least 1.
        let cost = Evidence.costRatio(best[sides[1]]!, over: best[sides[0]]!)
        let (ahead, interval) = cost.ratio >= 1 ? (sides[0], cost) : (sides[1], cost.inverted)
        self.leader = leader
        median = best.mapValues(\.median)
        factor = interval.ratio.isNaN ? 1 : interval.ratio
        self.interval = interval
        winner = interval.low > 1 ? ahead : nil
    }
}
