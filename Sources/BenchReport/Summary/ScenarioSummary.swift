import BenchResults
import Foundation

/// One scenario's result in a sentence or two: who wins its headline metric,
/// by how much, how surely, and why (see `Mechanism`).
struct ScenarioSummary {
    let scenario: String
    let headline: String
    let verdict: String
    let factor: String
    let significance: String
    let mechanism: String

    static func all(_ run: RunResult) -> [ScenarioSummary] {
        var scenarios: [String] = []
        for result in run.cases where !scenarios.contains(result.scenario) { scenarios.append(result.scenario) }
        return scenarios.compactMap { scenario in
            ScenarioSummary(scenario, run.cases.filter { $0.scenario == scenario }, stores: run.stores)
        }
    }

    private init?(_ scenario: String, _ cases: [CaseResult], stores: [String]) {
        // Each case's headline comparison; a scenario's cases share a headline
        // except where a case measures something else (Rocket Data's shape 4).
        let compared: [(result: CaseResult, comparison: MetricComparison, kind: MetricKind)] = cases.compactMap { result in
            guard let id = MarkdownReport.headlineMetric(result),
                  let comparison = result.comparisons.first(where: { $0.metric == id }),
                  let kind = result.stores.first?.metric(id)?.metric.kind else { return nil }
            return (result, comparison, kind)
        }
        guard let first = compared.first, let label = first.result.stores.first?.metric(first.comparison.metric)?.metric else {
            return nil
        }
        self.scenario = scenario
        headline = "\(label.label) (\(label.unit))"
        let wins = Dictionary(grouping: compared.filter { $0.comparison.winner != nil }) { $0.comparison.winner! }
        let total = compared.count
        // How far apart the stores are, ≥ 1 whichever one is ahead.
        func advantage(_ entry: (result: CaseResult, comparison: MetricComparison, kind: MetricKind)) -> Double {
            let ratio = entry.comparison.comparison.ratio
            return ratio.isNaN ? 1 : max(ratio, 1 / ratio)
        }
        func advantageRange(_ entries: [(result: CaseResult, comparison: MetricComparison, kind: MetricKind)]) -> String {
            let factors = entries.map(advantage).sorted()
            guard let low = factors.first, let high = factors.last else { return "" }
            // ∞: the loser has some where the winner has none (stale reads, say).
            let lowText = low.isFinite ? NumberFormat.ratio(low) : "∞ (none against some)"
            let highText = high.isFinite ? NumberFormat.ratio(high) : "∞ (none against some)"
            return lowText == highText ? lowText : "\(lowText)–\(highText)"
        }
        let leaders = wins.sorted { $0.value.count > $1.value.count || ($0.value.count == $1.value.count && $0.key < $1.key) }
        if leaders.isEmpty {
            verdict = "neither, no significant difference"
            factor = "–"
        } else if leaders.count == 1, let only = leaders.first {
            verdict = only.value.count == total ? only.key : "\(only.key) (\(only.value.count) of \(total) cases)"
            factor = advantageRange(only.value)
        } else {
            verdict = "depends on the case: " + leaders.map { "\($0.key) in \($0.value.count)" }.joined(separator: ", ")
            factor = leaders.map { "\($0.key) \(advantageRange($0.value))" }.joined(separator: "; ")
        }
        let significant = wins.values.reduce(0) { $0 + $1.count }
        let exact = compared.allSatisfy { $0.kind == .count }
        significance = leaders.isEmpty
            ? "\(total) of \(total) cases within noise"
            : exact
            ? "exact counts; they differ in \(significant) of \(total) cases"
            : "significant in \(significant) of \(total) cases, p < 0.05"
        // Explain the case where the designs differ most.
        let telling = compared.max { abs(log(advantage($0))) < abs(log(advantage($1))) } ?? first
        mechanism = Mechanism.sentence(for: telling.result, stores: stores)
    }
}
