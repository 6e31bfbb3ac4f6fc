import BenchResults

/// One case as rows: metric, unit, each store's median, ratio, verdict.
struct CaseTable {
    struct Row {
        let label: String
        let unit: String
        let values: [String]
        let ratio: String
        let verdict: String
    }

    let header: [String]
    let rows: [Row]

    init(_ result: CaseResult, stores: [String]) {
        let baseline = stores.first ?? ""
        let candidate = stores.count > 1 ? stores[1] : baseline
        header = ["metric", "unit"] + stores + ["\(Self.initial(candidate))/\(Self.initial(baseline))", "verdict"]
        let reference = result.stores.first?.metrics ?? []
        rows = reference.map { series in
            let id = series.metric.id
            let perStore = stores.map { result.store($0)?.metric(id) }
            let comparison = result.comparisons.first { $0.metric == id && $0.candidate == candidate }
            let noisy = perStore.contains { $0?.summary.isNoisy ?? false } && series.metric.kind != .count
            return Row(
                label: series.metric.label,
                unit: series.metric.unit,
                values: perStore.map { $0.map { NumberFormat.value($0.median) } ?? "–" },
                ratio: comparison.map { NumberFormat.ratio($0.comparison.ratio) } ?? "",
                verdict: Verdict.text(comparison, kind: series.metric.kind, noisy: noisy))
        }
    }

    static func initial(_ store: String) -> String {
        store.prefix(1).uppercased()
    }

    var cells: [[String]] {
        rows.map { [$0.label, $0.unit] + $0.values + [$0.ratio, $0.verdict] }
    }
}
