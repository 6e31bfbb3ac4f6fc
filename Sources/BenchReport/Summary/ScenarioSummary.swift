import BenchResults
import BenchStatistics
import Foundation

/// One scenario's result in a few sentences, by the rules of `Evidence`:
/// which store leads its headline metric and by how much, which design
/// family leads (the best store of each family against the other's), or a
/// tie where the run does not show a lead; and why (see `Mechanism`).
struct ScenarioSummary {
    let scenario: String
    /// "rename p50 (µs), decided by instructions".
    let headline: String
    /// "**uniquing-main** leads, ahead of the next store by 1.9× [1.7–2.1×] (shown in 1 of 1 cases)".
    let winner: String
    /// "**live objects** lead by 3.1× in 1 of 1 cases (best of each family: ...)".
    let families: String
    let mechanisms: [String]
    /// The headline metric that decided, and how ("instructions", "time").
    let metric: MetricID
    let decidedBy: String
    /// How many cases the scenario ran.
    let cases: Int
    /// Each store shown to lead in some cases, and in how many, most first.
    let leaders: [(store: String, cases: Int)]
    /// Each family shown to lead in some cases, and in how many, most first.
    let leadingFamilies: [(family: String, cases: Int)]

    static func all(_ run: RunResult, context: ReportContext) -> [ScenarioSummary] {
        var scenarios: [String] = []
        for result in run.cases where !scenarios.contains(result.scenario) { scenarios.append(result.scenario) }
        return scenarios.compactMap { scenario in
            ScenarioSummary(
                scenario, run.cases.filter { $0.scenario == scenario }, run: run,
                templates: context.mechanisms[scenario] ?? [])
        }
    }

    /// One case's headline: its ranking, and the two families' best stores.
    private struct Outcome {
        let result: CaseResult
        let ranking: MetricRanking
        let family: FamilyDuel?
    }

    private init?(
        _ scenario: String, _ cases: [CaseResult], run: RunResult, templates: [ReportContext.MechanismSentence]
    ) {
        let outcomes = cases.compactMap { result -> Outcome? in
            guard let named = MarkdownReport.headlineMetric(result) else { return nil }
            let id = result.deciding(named)
            guard let ranking = result.ranking(id), let metric = result.descriptor(id) else { return nil }
            return Outcome(result: result, ranking: ranking, family: FamilyDuel(result, metric: metric, run: run))
        }
        guard let first = outcomes.first, let metric = first.result.descriptor(first.ranking.metric) else { return nil }
        self.scenario = scenario
        let decidedBy =
            switch metric.kind {
            case .instructions: "instructions"
            case .timing: "time"
            case .count: "count"
            case .quantity: "measured quantity"
            }
        headline = "\(metric.label) (\(metric.unit)), decided by \(decidedBy)"
        self.metric = metric.id
        self.decidedBy = decidedBy
        self.cases = outcomes.count
        leaders = Self.counted(outcomes.filter(\.ranking.isClear).map(\.ranking.best))
        leadingFamilies = Self.counted(outcomes.compactMap(\.family?.winner))
        winner = Self.winner(outcomes)
        families = Self.families(outcomes)
        // Each sentence from the case it describes where the stores are furthest apart.
        let telling = outcomes.sorted { Self.spread($0.ranking) > Self.spread($1.ranking) }.map(\.result)
        mechanisms = Mechanism.sentences(for: telling, stores: run.stores, templates: templates)
    }

    /// Each name and how often it occurs, most often first, then by name.
    private static func counted(_ names: [String]) -> [(String, Int)] {
        Dictionary(grouping: names) { $0 }.map { ($0.key, $0.value.count) }
            .sorted { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    }

    private static func spread(_ ranking: MetricRanking) -> Double {
        ranking.contenders.map(\.factor).filter(\.isFinite).max() ?? 1
    }

    /// The leading store over the cases where a lead is shown; a tie elsewhere.
    private static func winner(_ outcomes: [Outcome]) -> String {
        let clear = outcomes.filter(\.ranking.isClear)
        let total = outcomes.count
        guard !clear.isEmpty else {
            return "a tie: no store's lead is shown (\(total) of \(total) cases; leading together: "
                + Set(outcomes.flatMap(\.ranking.leaders)).sorted().joined(separator: ", ") + ")"
        }
        let byStore = Dictionary(grouping: clear, by: \.ranking.best)
        let leaders = byStore.sorted {
            $0.value.count > $1.value.count || ($0.value.count == $1.value.count && $0.key < $1.key)
        }
        func margins(_ outcomes: [Outcome]) -> String {
            range(
                outcomes.compactMap { outcome in
                    outcome.ranking.contenders.min { $0.factor < $1.factor }.map { ($0.factor, $0.low) }
                })
        }
        let ties = total - clear.count
        let tail = ties > 0 ? "; a tie in the other \(ties)" : ""
        if leaders.count == 1, let only = leaders.first {
            return "**\(only.key)** leads, ahead of the next store by \(margins(only.value)) "
                + "(shown in \(only.value.count) of \(total) cases\(tail))" + bounds(clear)
        }
        return "the leader depends on the case: "
            + leaders.map { "**\($0.key)** in \($0.value.count) (by \(margins($0.value)))" }
            .joined(separator: ", ") + " of \(total)\(tail)" + bounds(clear)
    }

    /// "; upper bounds beside it: uniquing-locked 0.90×, snapshot-embedded
    /// 1.3×–2.0×": each upper bound against the leader, where one is shown.
    private static func bounds(_ clear: [Outcome]) -> String {
        var factors: [String: [Double]] = [:]
        var order: [String] = []
        for outcome in clear {
            for standing in outcome.ranking.standings where standing.isUpperBound {
                if factors[standing.store] == nil { order.append(standing.store) }
                factors[standing.store, default: []].append(standing.factor)
            }
        }
        guard !order.isEmpty else { return "" }
        return "; upper bounds beside it: "
            + order.map { store in
                let sorted = factors[store]!.sorted()
                func text(_ factor: Double) -> String { factor.isFinite ? NumberFormat.ratio(factor) : "∞" }
                let span =
                    text(sorted.first!) == text(sorted.last!)
                    ? text(sorted.first!) : "\(text(sorted.first!))–\(text(sorted.last!))"
                return "\(store) \(span)"
            }.joined(separator: ", ")
    }

    /// Which family leads over the cases where a lead is shown.
    private static func families(_ outcomes: [Outcome]) -> String {
        let duels = outcomes.compactMap(\.family)
        guard !duels.isEmpty else { return "only one design family ran" }
        let won = Dictionary(grouping: duels.filter { $0.winner != nil }) { $0.winner! }
        let total = duels.count
        guard !won.isEmpty else { return "a tie between the families (no lead shown in \(total) of \(total) cases)" }
        let sorted = won.sorted {
            $0.value.count > $1.value.count || ($0.value.count == $1.value.count && $0.key < $1.key)
        }
        let ties = total - won.values.map(\.count).reduce(0, +)
        return sorted.map { family, duels in
            let stores = Set(duels.flatMap(\.leader.values)).sorted().joined(separator: ", ")
            return "**\(family)** lead by \(range(duels.map { ($0.factor, $0.interval.low) })) in \(duels.count) of "
                + "\(total) cases (best of each family: \(stores))"
        }.joined(separator: "; ") + (ties > 0 ? "; a tie in \(ties)" : "")
    }

    /// "1.9× (at least 1.7×)" or "1.2×–3.4× (at least 1.1×)": the factors, and
    /// the lowest end of their intervals; an absolute lead where one side
    /// has none of what the other has.
    private static func range(_ factors: [(factor: Double, low: Double)]) -> String {
        let sorted = factors.map(\.factor).sorted()
        guard let low = sorted.first, let high = sorted.last else { return "" }
        func text(_ factor: Double) -> String {
            factor.isFinite ? NumberFormat.ratio(factor) : "all (none against some)"
        }
        let span = text(low) == text(high) ? text(low) : "\(text(low))–\(text(high))"
        let least = factors.map(\.low).filter(\.isFinite).min()
        return least.map { "\(span) (at least \(NumberFormat.ratio($0)))" } ?? span
    }
}
