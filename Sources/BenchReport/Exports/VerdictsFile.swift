import BenchResults
import Foundation

/// `verdicts.json`: what a run decided, as data. Each claim's verdict with the
/// finding that decided it and the intervals it was read from; each
/// scenario's leading store and leading family, case by case, under the
/// rules of evidence. Rendered from the run and the report context alone, as
/// report.md is; its schema is in results/README.md.
public struct VerdictsFile: Codable, Hashable, Sendable {
    public static let currentSchemaVersion = 2

    public struct Claim: Codable, Hashable, Sendable {
        public let number: Int
        public let source: String
        public let citation: String
        /// The design the claim favours: "immutable values".
        public let favours: String
        public let standing: ClaimStanding
        /// The verdict as the report states it, without its Markdown.
        public let verdict: String
        /// Whether every other design meets the same limits.
        public let setsNoDesignApart: Bool
        public let deciding: Finding?
    }

    public struct Finding: Codable, Hashable, Sendable {
        public let scenario: String
        public let parameters: [String: Int]
        public let metric: String
        /// "instructions", "time", "count" or "measured quantity".
        public let decidedBy: String
        public let criterion: String
        /// Nil for a published figure.
        public let outcome: Evidence.Outcome?
        public let detail: String
        public let intervals: [Interval]
    }

    public struct Interval: Codable, Hashable, Sendable {
        /// A store's figure, or a ratio: "snapshot-flat over uniquing-main".
        public let subject: String
        public let value: Double
        public let low: Double
        public let high: Double
    }

    public struct Scenario: Codable, Hashable, Sendable {
        public let scenario: String
        /// The metric that decided: the headline, or its instruction count.
        public let metric: String
        public let decidedBy: String
        public let cases: Int
        /// Stores shown to lead, with the cases they lead in; the other
        /// cases are ties.
        public let leaders: [Count]
        public let leadingFamilies: [Count]
        /// The summary line as the report states it, without its Markdown.
        public let summary: String
    }

    public struct Count: Codable, Hashable, Sendable {
        public let name: String
        public let cases: Int
    }

    public let schemaVersion: Int
    public let profile: String
    public let commit: String?
    public let claims: [Claim]
    public let scenarios: [Scenario]

    init(_ run: RunResult, context: ReportContext) {
        schemaVersion = Self.currentSchemaVersion
        profile = run.profile
        commit = run.provenance.commit
        claims = context.claims.enumerated().map { index, claim in
            let verdict = ClaimVerdict(claim, run: run, context: context)
            let judged = verdict.verdict
            return Claim(
                number: index + 1, source: claim.source, citation: claim.document.citation,
                favours: claim.favours.label, standing: judged.standing, verdict: Self.plain(judged.text),
                setsNoDesignApart: verdict.setsNoDesignApart, deciding: verdict.decidingFinding.map(Finding.init))
        }
        scenarios = ScenarioSummary.all(run, context: context).map { summary in
            Scenario(
                scenario: summary.scenario, metric: summary.metric.rawValue, decidedBy: summary.decidedBy,
                cases: summary.cases, leaders: summary.leaders.map { Count(name: $0.store, cases: $0.cases) },
                leadingFamilies: summary.leadingFamilies.map { Count(name: $0.family, cases: $0.cases) },
                summary: Self.plain("\(summary.winner); families: \(summary.families)"))
        }
    }

    /// The file's bytes: sorted keys, so two renderings of one run are equal.
    func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Encoding plain values cannot fail.
        return (try? encoder.encode(self)).map { $0 + Data("\n".utf8) } ?? Data()
    }

    /// Reads a verdicts.json; one line saying why when it cannot.
    public static func read(from url: URL) throws(OutputError) -> VerdictsFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(url.path, reason: "cannot be read")
        }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // The version first: another schema's fields need not decode here.
        struct Versioned: Decodable { let schemaVersion: Int }
        guard let version = try? decoder.decode(Versioned.self, from: data).schemaVersion else {
            throw .malformed(url.path, reason: "not a verdicts.json this bench reads")
        }
        guard version == currentSchemaVersion else {
            throw .unsupportedSchema(url.path, found: version, supported: currentSchemaVersion)
        }
        do {
            return try decoder.decode(VerdictsFile.self, from: data)
        } catch {
            throw .malformed(url.path, reason: "not a verdicts.json this bench reads")
        }
    }

    /// One line per verdict, for comparing two runs: each claim's standing
    /// and verdict, each scenario's leaders and leading families with the
    /// cases they lead in.
    public var lines: [String] {
        claims.map { "claim \($0.number): \($0.standing.phrase): \($0.verdict)" }
            + scenarios.map { scenario in
                func counts(_ counts: [Count]) -> String {
                    counts.isEmpty ? "none shown" : counts.map { "\($0.name) \($0.cases)" }.joined(separator: ", ")
                }
                return "scenario \(scenario.scenario) (\(scenario.cases) cases): leads \(counts(scenario.leaders)); "
                    + "families \(counts(scenario.leadingFamilies))"
            }
    }

    /// Markdown without its emphasis, for data.
    private static func plain(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "**", with: "")
    }
}

extension VerdictsFile.Finding {
    init(_ finding: ClaimVerdict.Finding) {
        self.init(
            scenario: finding.result.scenario, parameters: finding.result.parameters,
            metric: finding.metric.id.rawValue, decidedBy: finding.decidedBy, criterion: finding.criterion,
            outcome: finding.outcome, detail: finding.detail,
            intervals: finding.intervals)
    }
}
