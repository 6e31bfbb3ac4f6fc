import BenchResults
import BenchStatistics

/// The best contender of each side on one metric of a case, and whether the
/// run shows one side's best to be better than every other side's, by the
/// rules of `Evidence`. The sides are the design families (upper bounds set
/// aside: they bound a family, they do not stand for it), or any split of
/// the stores, as many as there are.
struct FamilyDuel {
    /// Side → its best store.
    let leader: [String: String]
    /// Side → its best store's median.
    let median: [String: Double]
    /// The side whose best store is shown to be better than every other
    /// side's best, if one is.
    let winner: String?
    /// How many times better the leading side's best is than the nearest
    /// other side's best (at least 1).
    let factor: Double
    /// The interval of that factor (low above 1 when a winner is shown).
    let interval: RatioInterval

    /// The design families of `run`, each a side; upper bounds and
    /// libraries (no family's design) left out.
    init?(_ result: CaseResult, metric: MetricDescriptor, run: RunResult) {
        self.init(result, metric: metric) { store in
            run.design(of: store).flatMap { $0.isUpperBound == true || $0.isLibrary == true ? nil : $0.family.rawValue }
        }
    }

    /// `side` names each store's side, nil to leave a store out; nil unless
    /// there are at least two sides.
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
        guard best.count >= 2 else { return nil }
        // The side ahead on its median, then each other side's best against it.
        let sides = best.keys.sorted()
        let ahead = sides.min { left, right in
            let a = best[left]!.median, b = best[right]!.median
            return metric.lowerIsBetter ? a < b : a > b
        }!
        let rivals = sides.filter { $0 != ahead }.map { Evidence.costRatio(best[$0]!, over: best[ahead]!) }
        let nearest = rivals.min { $0.low < $1.low }!
        self.leader = leader
        median = best.mapValues(\.median)
        factor = nearest.ratio.isNaN ? 1 : nearest.ratio
        interval = nearest
        winner = rivals.allSatisfy { $0.low > 1 } ? ahead : nil
    }
}
