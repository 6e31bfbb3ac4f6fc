import BenchResults

/// One case as rows: metric, unit, each store's median, and the best store.
///
/// A store's cell is its median, followed by `×n` when it is significantly
/// worse than the best (n times the best), or `~` when it is not
/// significantly different from it; the best store's cell is bare.
struct CaseTable {
    let header: [String]
    let cells: [[String]]

    /// What the marks in a store's cell mean, for a legend.
    static let legend =
        "`×n`: n times the best store, shown by the rules of evidence (the interval of the ratio, "
        + "widened by the run-to-run drift, above 1; more than 1% in an exact count or an instruction count); `+n`: n "
        + "more than a best store of 0; `~`: no difference shown; an upper bound's cell reads against the best contender, "
        + "which it may beat (`×0.5`), and is marked `(bound)`"

    /// `libraries`: stores whose missing lock figures read "not applicable".
    init(_ result: CaseResult, stores: [String], libraries: Set<String> = []) {
        header = ["metric", "unit"] + stores + ["best"]
        cells = Self.metricOrder(result).map { id in
            let metric = result.descriptor(id)!
            let ranking = result.ranking(id)
            let values = stores.map { store -> String in
                guard let series = result.store(store)?.metric(id) else {
                    if result.notRun(store) != nil { return "not run past the budget" }
                    return libraries.contains(store) && id.measuresTheSuitesLock ? "not applicable" : "–"
                }
                let best = ranking.flatMap { result.store($0.best)?.metric(id)?.median } ?? 0
                return Self.cell(series.median, store: store, ranking: ranking, best: best)
            }
            let noisy =
                metric.kind != .count && stores.contains { result.store($0)?.metric(id)?.summary.isNoisy ?? false }
            return [metric.label, metric.unit.rawValue] + values + [Self.best(ranking, kind: metric.kind, noisy: noisy)]
        }
    }

    /// Every metric any store reported, in the order they first appear.
    static func metricOrder(_ result: CaseResult) -> [MetricID] {
        var seen = Set<MetricID>()
        return result.stores.flatMap(\.metrics).map(\.metric.id).filter { seen.insert($0).inserted }
    }

    /// A store's median, and how it stands against the best store's `best`.
    static func cell(_ median: Double, store: String, ranking: MetricRanking?, best: Double) -> String {
        let value = NumberFormat.value(median)
        guard let ranking, let standing = ranking.standing(of: store) else { return value }
        let mark = standing.isUpperBound ? " (bound)" : ""
        // A bound shown better than the best contender says by how much.
        let shownBetter = standing.isUpperBound && standing.high < 1
        guard standing.isWorse || shownBetter else { return "\(value) ~\(mark)" }
        // Against nothing a ratio says nothing: the difference itself.
        guard standing.factor.isFinite, standing.factor > 0 else {
            return "\(value) \(median >= best ? "+" : "−")\(NumberFormat.value(abs(median - best)))\(mark)"
        }
        return "\(value) \(NumberFormat.factor(standing.factor))\(mark)"
    }

    /// The best store, or who shares the lead when the rest is within noise.
    static func best(_ ranking: MetricRanking?, kind: MetricKind, noisy: Bool) -> String {
        guard let ranking else { return "–" }
        let leaders = ranking.leaders
        var text: String
        if leaders.count == ranking.contenders.count + 1 {
            text = kind == .count || kind == .instructions ? "all equal" : "none clearly"
        } else if leaders.count == 1 {
            text = ranking.best
        } else {
            text = leaders.joined(separator: " ~ ")
        }
        if noisy { text += ", noisy" }
        return text
    }
}
