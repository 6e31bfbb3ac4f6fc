import BenchStatistics
import BenchResults

/// The best store of each of two sides on one metric of a case, and whether
/// one side's best is significantly better than the other's. The sides are
/// the design families, or any split of the stores (a claim's favoured
/// design against the rest).
struct FamilyDuel {
    /// Side → its best store.
    let leader: [String: String]
    /// Side → its best store's median.
    let median: [String: Double]
    /// The side whose best store is significantly better, if one is.
    let winner: String?
    /// How many times better the winner is (at least 1).
    let factor: Double

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
        let (first, second) = (best[sides[0]]!, best[sides[1]]!)
        let comparison = Comparison(baseline: first, candidate: second)
        self.leader = leader
        median = best.mapValues(\.median)
        let ratio = comparison.ratio.isNaN ? 1 : comparison.ratio
        factor = max(ratio, 1 / ratio)
        switch comparison.verdict {
        case .same: winner = nil
        case .lower: winner = metric.lowerIsBetter ? sides[1] : sides[0]
        case .higher: winner = metric.lowerIsBetter ? sides[0] : sides[1]
        }
    }
}
