import BenchMetrics
import BenchResults

/// The best store of each design family on one metric of a case, and
/// whether one family's best is significantly better than the other's.
struct FamilyDuel {
    /// Family → its best store.
    let leader: [String: String]
    /// The family whose best store is significantly better, if one is.
    let winner: String?
    /// How many times better the winner is (at least 1).
    let factor: Double

    init?(_ result: CaseResult, metric: MetricDescriptor, run: RunResult) {
        var best: [String: MetricSeries] = [:]
        var leader: [String: String] = [:]
        for store in result.stores {
            guard let family = run.design(of: store.store)?.family, let series = store.metric(metric.id) else { continue }
            if let current = best[family] {
                let better = metric.lowerIsBetter ? series.median < current.median : series.median > current.median
                guard better else { continue }
            }
            best[family] = series
            leader[family] = store.store
        }
        guard best.count == 2 else { return nil }
        let families = best.keys.sorted()
        let (first, second) = (best[families[0]]!, best[families[1]]!)
        let comparison = metric.kind == .count
            ? Comparison(exactBaseline: first.median, candidate: second.median)
            : Comparison(baseline: first.rounds, candidate: second.rounds)
        self.leader = leader
        let ratio = comparison.ratio.isNaN ? 1 : comparison.ratio
        factor = max(ratio, 1 / ratio)
        switch comparison.verdict {
        case .same: winner = nil
        case .lower: winner = metric.lowerIsBetter ? families[1] : families[0]
        case .higher: winner = metric.lowerIsBetter ? families[0] : families[1]
        }
    }
}
