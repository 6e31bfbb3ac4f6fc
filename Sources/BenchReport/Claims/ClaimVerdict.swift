import BenchResults

/// A claim judged on one run: a finding for every case that tests it, and
/// the verdict over them, from the run's medians alone.
struct ClaimVerdict {
    /// One case that tests the claim, and whether the claim holds in it.
    struct Finding {
        let test: ClaimTest
        let result: CaseResult
        let metric: MetricDescriptor
        /// Every store's median, in the run's store order.
        let figures: [(store: String, median: Double)]
        let holds: Bool
        /// Stores meeting a per-store limit (none for a family comparison).
        let passing: Set<String>
        /// What the figures must show: "≤ 8,333 µs (a 120 Hz frame)".
        let criterion: String
        /// What decided it: "snapshot-flat 2.1 µs against uniquing-main 1.9 µs: 1.11× worse".
        let detail: String
    }

    let claim: SourceClaim
    /// The stores of the favoured design that ran.
    let favoured: [String]
    let findings: [Finding]

    init(_ claim: SourceClaim, run: RunResult, context: ReportContext) {
        self.claim = claim
        let favoured = run.designs.filter(claim.favours.matches).map(\.name)
        self.favoured = favoured
        findings = claim.tests.flatMap { test in
            run.cases.filter { result in
                result.scenario == test.scenario && test.parameters.allSatisfy { result.parameters[$0.key] == $0.value }
            }.compactMap { Self.finding(test, $0, favoured: favoured, run: run, context: context) }
        }
    }

    /// "holds", "holds only when …", "does not hold here", or why there is no verdict.
    var verdict: String {
        guard !favoured.isEmpty else { return "not tested: no \(claim.favours.label) store ran" }
        guard !findings.isEmpty else { return "not measured in this run (the full profile runs every case it needs)" }
        let held = findings.filter(\.holds)
        let failed = findings.filter { !$0.holds }
        var text: String
        if failed.isEmpty {
            text = "**holds**"
        } else if held.isEmpty {
            let partly = Self.storesPassingEverywhere(findings, among: favoured)
            text = partly.isEmpty ? "**does not hold here**" : "**holds only for \(partly.joined(separator: ", "))**"
        } else {
            // Name the shorter list: where it holds, or where it does not.
            text = held.count <= failed.count
                ? "**holds only when** " + caseNames(held) : "**holds except when** " + caseNames(failed, namingFailures: true)
        }
        // Whether every other store meets the same limits: then a claim that
        // holds does not set the designs apart, and one that fails is the
        // favoured design's own failing.
        let others = Set(findings.flatMap { $0.figures.map { $0.store } }).subtracting(favoured)
        func othersMeet(_ some: [Finding]) -> Bool {
            !others.isEmpty && !some.isEmpty
                && some.allSatisfy { $0.test.rule.isLimit && others.isSubset(of: $0.passing) }
        }
        if failed.isEmpty, othersMeet(findings) {
            text += "; so do the other designs here, so it does not set them apart"
        } else if !failed.isEmpty, othersMeet(failed) {
            text += "; where it does not, every other design meets the test"
        }
        return text
    }

    /// "feed-read scroll=1; tag-rename": each case by its scenario and the
    /// parameter values no other case of that scenario in the claim has (or,
    /// when none is unique, every parameter that varies among them), and
    /// with `namingFailures`, the favoured stores beyond a limit there.
    private func caseNames(_ some: [Finding], namingFailures: Bool = false) -> String {
        var names: [String] = []
        for finding in some {
            let scenario = finding.result.scenario
            let parameters = finding.result.parameters
            let siblings = findings.filter { $0.result.scenario == scenario }.map(\.result.parameters)
            let varying = parameters.keys.sorted().filter { name in Set(siblings.map { $0[name] }).count > 1 }
            let unique = varying.filter { name in siblings.filter { $0[name] == parameters[name] }.count == 1 }
            let shown = unique.isEmpty ? varying : unique
            var name = ([scenario] + shown.map { "\($0)=\(parameters[$0]!)" }).joined(separator: " ")
            let beyond = favoured.filter { store in
                finding.figures.contains { $0.store == store } && !finding.passing.contains(store)
            }
            if namingFailures, finding.test.rule.isLimit, !beyond.isEmpty {
                name += " (\(beyond.joined(separator: ", ")) beyond the limit)"
            }
            if !names.contains(name) { names.append(name) }
        }
        return names.joined(separator: "; ")
    }

    /// The favoured stores that meet a per-store limit in every finding.
    private static func storesPassingEverywhere(_ findings: [Finding], among favoured: [String]) -> [String] {
        guard findings.allSatisfy(\.test.rule.isLimit) else { return [] }
        return favoured.filter { store in findings.allSatisfy { $0.passing.contains(store) } }
    }

    private static func finding(
        _ test: ClaimTest, _ result: CaseResult, favoured: [String], run: RunResult, context: ReportContext
    ) -> Finding? {
        guard let metric = result.descriptor(test.metric) else { return nil }
        let figures = run.stores.compactMap { store in
            result.store(store)?.metric(test.metric).map { (store: store, median: $0.median) }
        }
        guard figures.contains(where: { favoured.contains($0.store) }) else { return nil }
        func quantity(_ value: Double) -> String { Mechanism.quantity(value, unit: metric.unit) }

        switch test.rule {
        case .familyWithin(let allowed):
            guard let duel = FamilyDuel(result, metric: metric, side: { favoured.contains($0) ? "ours" : "theirs" }),
                  let best = duel.leader["ours"], let rival = duel.leader["theirs"] else { return nil }
            let worse = duel.winner == "theirs"
            let standing = duel.winner == nil ? "within noise"
                : "\(NumberFormat.ratio(duel.factor)) \(worse ? "worse" : "better")"
            let criterion = allowed <= 1 ? "no worse than the other designs' best"
                : "within \(NumberFormat.ratio(allowed)) of the other designs' best, or better"
            let detail = "\(best) \(quantity(duel.median["ours"]!)) against \(rival) "
                + "\(quantity(duel.median["theirs"]!)): \(standing)"
            return Finding(test: test, result: result, metric: metric, figures: figures,
                           holds: !worse || duel.factor <= allowed, passing: [], criterion: criterion, detail: detail)

        case .atMost(let limit, let meaning):
            return limitFinding(test, result, metric, figures, favoured: favoured, limit: limit, meaning: meaning)

        case .withinPublished:
            guard let reference = context.references.first(where: { $0.matches(result) }), let limit = TimeUnits.convert(reference.published[0].seconds, from: "s", to: metric.unit) else {
                return nil
            }
            return limitFinding(test, result, metric, figures, favoured: favoured, limit: limit,
                                meaning: "published for \(reference.name), on other hardware")
        }
    }

    private static func limitFinding(
        _ test: ClaimTest, _ result: CaseResult, _ metric: MetricDescriptor,
        _ figures: [(store: String, median: Double)], favoured: [String], limit: Double, meaning: String
    ) -> Finding {
        let meets = figures.filter { metric.lowerIsBetter ? $0.median <= limit : $0.median >= limit }
        let passing = Set(meets.map { $0.store })
        let failing = figures.filter { favoured.contains($0.store) && !passing.contains($0.store) }
        let bound = metric.lowerIsBetter ? "≤" : "≥"
        let detail = failing.isEmpty
            ? "met by " + figures.filter { favoured.contains($0.store) }.map { $0.store }.joined(separator: ", ")
            : "beyond it: " + failing.map { "\($0.store) \(Mechanism.quantity($0.median, unit: metric.unit))" }
                .joined(separator: ", ")
        return Finding(
            test: test, result: result, metric: metric, figures: figures, holds: failing.isEmpty, passing: passing,
            criterion: "\(bound) \(Mechanism.quantity(limit, unit: metric.unit)) (\(meaning))", detail: detail)
    }

}

extension ClaimRule {
    /// Whether the rule is a limit each store meets or not.
    var isLimit: Bool {
        if case .familyWithin = self { return false }
        return true
    }
}
