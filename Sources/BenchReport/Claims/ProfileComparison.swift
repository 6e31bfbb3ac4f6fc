import BenchResults
import Foundation

/// Each claim whose verdict reads otherwise in another profile's run of the
/// same code, and why: the cases only one of the runs reads, the cases both
/// read where a store's outcome flips, and the stores one run left out.
///
/// A claim's line here is the line `bench compare-verdicts` compares (its
/// standing and verdict, `VerdictsFile.lines`), so every claim line that
/// command finds differing between the two published runs is explained in
/// the report itself.
enum ProfileComparison {
    /// The section, or nothing when the run has no claims.
    /// - Complexity: O(*c* × *f*²) for *c* claims and *f* findings per claim.
    static func render(_ run: RunResult, other: RunResult, context: ReportContext) -> String {
        guard !context.claims.isEmpty else { return "" }
        let here = VerdictsFile(run, context: context).claims, there = VerdictsFile(other, context: context).claims
        var text = "\n### Against the \(other.profile) run\n\n"
        text += "The published \(other.profile) run (commit `\(other.provenance.commit ?? "unknown")`) judges every "
        text += "claim with the same rules on its own cases. "
        let differing = zip(context.claims, zip(here, there)).filter { _, pair in line(pair.0) != line(pair.1) }
        guard !differing.isEmpty else {
            return text + "Every claim reads the same there, standing and figures.\n"
        }
        text += "Where a claim reads otherwise there (the lines `bench compare-verdicts` lists), this is why:\n\n"
        for (claim, pair) in differing {
            let comparison = Comparison(
                mine: ClaimVerdict(claim, run: run, context: context),
                theirs: ClaimVerdict(claim, run: other, context: context), there: other.profile)
            text +=
                "- **Claim \(pair.0.number)**: *\(pair.0.standing.phrase)* here, *\(pair.1.standing.phrase)* in the "
            text += "\(other.profile) run. " + comparison.reasons + "\n"
        }
        return text
    }

    /// The line `bench compare-verdicts` compares.
    private static func line(_ claim: VerdictsFile.Claim) -> String { "\(claim.standing.phrase): \(claim.verdict)" }

    /// One claim judged on both runs, its findings paired by case, metric and
    /// criterion: a claim may test one case's metric twice, against a budget
    /// and against a "before", and each finding meets only its own.
    private struct Comparison {
        let mine: ClaimVerdict
        let theirs: ClaimVerdict
        let there: String

        private var all: [ClaimVerdict.Finding] { mine.findings + theirs.findings }

        private static func key(_ finding: ClaimVerdict.Finding) -> String {
            "\(finding.result.key) \(finding.metric.id.rawValue) \(finding.criterion)"
        }

        /// Why the two verdicts differ, in sentences.
        var reasons: String {
            let theirsByKey = Dictionary(
                theirs.findings.map { (Self.key($0), $0) }, uniquingKeysWith: { first, _ in first })
            let mineKeys = Set(mine.findings.map(Self.key))
            let onlyMine = mine.findings.filter { theirsByKey[Self.key($0)] == nil }
            let onlyTheirs = theirs.findings.filter { !mineKeys.contains(Self.key($0)) }
            let shared = mine.findings.compactMap { finding in theirsByKey[Self.key(finding)].map { (finding, $0) } }
            let flipping = shared.filter { flips($0.0, $0.1) }
            var sentences: [String] = []
            if !onlyTheirs.isEmpty { sentences.append("Only the \(there) run reads " + cases(onlyTheirs) + ".") }
            if !onlyMine.isEmpty { sentences.append("Only this run reads " + cases(onlyMine) + ".") }
            for (finding, other) in flipping {
                sentences.append(
                    "Both runs read \(name(finding)) (\(finding.metric.label); \(finding.criterion)): "
                        + "\(outcome(finding)) here (\(finding.detail)), \(outcome(other)) there (\(other.detail)).")
            }
            for (finding, other) in shared where !flipping.contains(where: { Self.key($0.0) == Self.key(finding) }) {
                let onlyHere = judged(finding).subtracting(judged(other)),
                    onlyThere = judged(other).subtracting(judged(finding))
                if !onlyHere.isEmpty { sentences.append("\(list(onlyHere)) ran \(name(finding)) here only.") }
                if !onlyThere.isEmpty {
                    sentences.append("\(list(onlyThere)) ran \(name(finding)) in the \(there) run only.")
                }
            }
            let agreeing = shared.filter { !flips($0.0, $0.1) }
            if !agreeing.isEmpty {
                sentences.append("Where both read a case with one outcome, " + spread(agreeing) + ".")
            }
            if mine.favoured != theirs.favoured {
                sentences.append(
                    "The claim is decided on \(mine.favoured.joined(separator: ", ")) here and on "
                        + "\(theirs.favoured.joined(separator: ", ")) there.")
            }
            if !flipping.isEmpty {
                sentences.append(
                    "A case both runs measured falls on either side of its test, so neither standing is "
                        + "more than its own run's evidence.")
            } else if shared.isEmpty {
                sentences.append("The two runs read no case of this claim in common.")
            } else if !onlyTheirs.isEmpty || !onlyMine.isEmpty {
                sentences.append("No store's outcome flips in a case both read: the verdicts part where the cases do.")
            }
            var said = Set<String>()
            return sentences.filter { said.insert($0).inserted }.joined(separator: " ")
        }

        /// Whether a store judged in both runs, or the case as a whole,
        /// meets its test in one and not in the other.
        private func flips(_ mine: ClaimVerdict.Finding, _ theirs: ClaimVerdict.Finding) -> Bool {
            guard !mine.storeOutcomes.isEmpty || !theirs.storeOutcomes.isEmpty else {
                return mine.outcome != theirs.outcome
            }
            return mine.storeOutcomes.contains { store, outcome in
                theirs.storeOutcomes[store].map { $0 != outcome } ?? false
            }
        }

        /// The stores judged in a finding against a per-store limit.
        private func judged(_ finding: ClaimVerdict.Finding) -> Set<String> { Set(finding.storeOutcomes.keys) }

        private func list(_ stores: Set<String>) -> String { stores.sorted().joined(separator: ", ") }

        /// "feed-read N=1000, N=10000 (held lookup: missed; cold lookup: met)":
        /// each scenario's cases by what tells them apart, with each metric's
        /// outcome, or each case's where they differ.
        private func cases(_ findings: [ClaimVerdict.Finding]) -> String {
            var scenarios: [String] = []
            for finding in findings where !scenarios.contains(finding.result.scenario) {
                scenarios.append(finding.result.scenario)
            }
            return scenarios.map { scenario in
                let ofScenario = findings.filter { $0.result.scenario == scenario }
                var names: [String] = [], metrics: [String] = []
                for finding in ofScenario {
                    let name = parameterName(finding)
                    if !names.contains(name) { names.append(name) }
                    if !metrics.contains(finding.metric.label) { metrics.append(finding.metric.label) }
                }
                let outcomes = metrics.map { metric -> String in
                    let read = ofScenario.filter { $0.metric.label == metric }
                    let text =
                        Set(read.map(outcome)).count == 1
                        ? outcome(read[0])
                        : read.map { "\(parameterName($0)) \(outcome($0))" }.joined(separator: ", ")
                    return metrics.count == 1 ? text : "\(metric): \(text)"
                }
                return "\(scenario) " + names.joined(separator: ", ") + " (" + outcomes.joined(separator: "; ") + ")"
            }.joined(separator: "; ")
        }

        /// "feed-read N=1000": a case by its scenario and what tells it apart.
        private func name(_ finding: ClaimVerdict.Finding) -> String {
            "\(finding.result.scenario) \(parameterName(finding))"
        }

        /// "N=1000": the parameters whose values differ among the scenario's
        /// cases in either run, or the whole label where none do.
        private func parameterName(_ finding: ClaimVerdict.Finding) -> String {
            let siblings = all.filter { $0.result.scenario == finding.result.scenario }.map(\.result.parameters)
            let parameters = finding.result.parameters
            let telling = parameters.keys.sorted().filter { key in Set(siblings.map { $0[key] }).count > 1 }
            guard !telling.isEmpty else { return finding.result.label }
            return telling.map { "\($0)=\(parameters[$0]!)" }.joined(separator: " ")
        }

        /// "met", or, against a per-store limit, "met by b, missed by c".
        private func outcome(_ finding: ClaimVerdict.Finding) -> String {
            guard let outcome = finding.outcome else { return "a published figure, not judged" }
            guard !finding.storeOutcomes.isEmpty else { return outcome.phrase }
            let byOutcome = Dictionary(grouping: finding.storeOutcomes.keys.sorted()) { finding.storeOutcomes[$0]! }
            return [Evidence.Outcome.met, .missed, .notShown, .dependsOnDevice].compactMap { kind in
                byOutcome[kind].map { "\(kind.phrase) by " + $0.joined(separator: ", ") }
            }.joined(separator: ", ")
        }

        /// "the favoured stores' figures lie within 3.2% of each other": the
        /// largest relative difference of a favoured store's median between
        /// the runs. Two equal figures differ by nothing, zeros included; a
        /// zero against a figure has no ratio and is left out.
        private func spread(_ pairs: [(ClaimVerdict.Finding, ClaimVerdict.Finding)]) -> String {
            var largest: Double?
            for (finding, other) in pairs {
                for store in mine.favoured {
                    guard let a = finding.figures.first(where: { $0.store == store })?.median,
                        let b = other.figures.first(where: { $0.store == store })?.median
                    else { continue }
                    if a == b {
                        largest = max(largest ?? 0, 0)
                    } else if min(abs(a), abs(b)) > 0 {
                        largest = max(largest ?? 0, abs(a - b) / min(abs(a), abs(b)))
                    }
                }
            }
            guard let largest else { return "the favoured stores have no figure in both runs" }
            guard largest > 0 else { return "the favoured stores' figures are the same in both runs" }
            let apart =
                largest < 1 ? String(format: "%.1f%%", largest * 100) : "a factor of " + NumberFormat.ratio(1 + largest)
            return "the favoured stores' figures lie within \(apart) of each other"
        }
    }
}
