import BenchStatistics
import BenchResults
import Foundation

/// One scenario's result in a few sentences: which store wins its headline
/// metric and by how much, which design family wins (the best store of each
/// family against the other's), how surely, and why (see `Mechanism`).
struct ScenarioSummary {
    let scenario: String
    /// "rename p50 (µs)".
    let headline: String
    /// "**uniquing-main** is best, ahead of the next store by 1.9× (clear in 1 of 1 cases)".
    let winner: String
    /// "**live objects** win by 3.1× in 1 of 1 cases (best of each family: ...)".
    let families: String
    let mechanism: String?

    static func all(_ run: RunResult, context: ReportContext) -> [ScenarioSummary] {
        var scenarios: [String] = []
        for result in run.cases where !scenarios.contains(result.scenario) { scenarios.append(result.scenario) }
        return scenarios.compactMap { scenario in
            ScenarioSummary(scenario, run.cases.filter { $0.scenario == scenario }, run: run,
                            templates: context.mechanisms[scenario] ?? [])
        }
    }

    /// One case's headline: its ranking, and the two families' best stores.
    private struct Outcome {
        let result: CaseResult
        let ranking: MetricRanking
        let family: FamilyDuel?
    }

    private init?(_ scenario: String, _ cases: [CaseResult], run: RunResult, templates: [String]) {
        let outcomes = cases.compactMap { result -> Outcome? in
            guard let id = MarkdownReport.headlineMetric(result), let ranking = result.ranking(id),
                  let metric = result.descriptor(id) else { return nil }
            return Outcome(result: result, ranking: ranking, family: FamilyDuel(result, metric: metric, run: run))
        }
        guard let first = outcomes.first, let metric = first.result.descriptor(first.ranking.metric) else { return nil }
        self.scenario = scenario
        headline = "\(metric.label) (\(metric.unit))"
        winner = Self.winner(outcomes)
        families = Self.families(outcomes)
        // Explain the case where the stores are furthest apart.
        let telling = outcomes.max { Self.spread($0.ranking) < Self.spread($1.ranking) } ?? first
        mechanism = Mechanism.sentence(for: telling.result, stores: run.stores, templates: templates)
    }

    private static func spread(_ ranking: MetricRanking) -> Double {
        ranking.standings.map(\.factor).filter(\.isFinite).max() ?? 1
    }

    /// The best store over the cases: who it is, how far ahead of the next.
    private static func winner(_ outcomes: [Outcome]) -> String {
        let clear = outcomes.filter(\.ranking.isClear)
        let total = outcomes.count
        guard !clear.isEmpty else { return "no store is clearly best (\(total) of \(total) cases within noise at the top)" }
        let byStore = Dictionary(grouping: clear, by: \.ranking.best)
        let leaders = byStore.sorted { $0.value.count > $1.value.count || ($0.value.count == $1.value.count && $0.key < $1.key) }
        func margins(_ outcomes: [Outcome]) -> String {
            range(outcomes.map { $0.ranking.standings.map(\.factor).min() ?? 1 })
        }
        if leaders.count == 1, let only = leaders.first {
            return "**\(only.key)** is best, ahead of the next store by \(margins(only.value)) "
                + "(clear in \(only.value.count) of \(total) cases)"
        }
        return "the best store depends on the case: " + leaders.map { "**\($0.key)** in \($0.value.count) (by \(margins($0.value)))" }
            .joined(separator: ", ") + " of \(total)"
    }

    /// Which family wins over the cases, and by how much.
    private static func families(_ outcomes: [Outcome]) -> String {
        let duels = outcomes.compactMap(\.family)
        guard !duels.isEmpty else { return "only one design family ran" }
        let won = Dictionary(grouping: duels.filter { $0.winner != nil }) { $0.winner! }
        let total = duels.count
        guard !won.isEmpty else { return "no significant difference between the families (\(total) of \(total) cases)" }
        let sorted = won.sorted { $0.value.count > $1.value.count || ($0.value.count == $1.value.count && $0.key < $1.key) }
        return sorted.map { family, duels in
            let stores = Set(duels.flatMap(\.leader.values)).sorted().joined(separator: ", ")
            return "**\(family)** win by \(range(duels.map(\.factor))) in \(duels.count) of \(total) cases "
                + "(best of each family: \(stores))"
        }.joined(separator: "; ")
    }

    /// "1.9×" or "1.2×–3.4×"; ∞ where one side has none of what the other has.
    private static func range(_ factors: [Double]) -> String {
        let sorted = factors.sorted()
        guard let low = sorted.first, let high = sorted.last else { return "" }
        func text(_ factor: Double) -> String { factor.isFinite ? NumberFormat.ratio(factor) : "∞ (none against some)" }
        return text(low) == text(high) ? text(low) : "\(text(low))–\(text(high))"
    }
}
