import BenchResults

/// "What the sources claimed, and what we measured": one row per claim with
/// its verdict, then every case that tests one, with every store's figure.
enum ClaimsSection {
    static func render(_ run: RunResult, context: ReportContext) -> String {
        guard !context.claims.isEmpty else { return "" }
        let verdicts = context.claims.map { ClaimVerdict($0, run: run, context: context) }
        var text = "## What the sources claimed, and what we measured\n\n"
        text += "The claims this project grew from, each judged on this run's medians by the tests in the second "
        text += "table. A claim holds when every case testing it passes its test; otherwise it holds only in the "
        text += "cases, or only for the stores, that the verdict names.\n\n"
        let claims = verdicts.enumerated().map { index, verdict in
            ["\(index + 1)", verdict.claim.source, verdict.claim.statement, verdict.claim.favours.label, verdict.verdict]
        }
        text += MarkdownReport.table(["#", "source", "claim", "favours", "verdict"], claims, textColumns: 5)

        var rows: [[String]] = []
        for (index, verdict) in verdicts.enumerated() {
            for finding in verdict.findings {
                let figures = run.stores.map { store -> String in
                    guard let median = finding.figures.first(where: { $0.store == store })?.median else { return "–" }
                    let value = NumberFormat.value(median)
                    return verdict.favoured.contains(store) ? "**\(value)**" : value
                }
                rows.append(["\(index + 1)", finding.result.scenario, finding.result.label,
                             "\(finding.metric.label) (\(finding.metric.unit))", finding.criterion,
                             finding.holds ? "yes" : "no", finding.detail] + figures)
            }
        }
        guard !rows.isEmpty else { return text }
        text += "\nThe tests, case by case (the favoured design's stores in bold):\n\n"
        text += MarkdownReport.table(["#", "scenario", "case", "metric", "test", "holds", "because"] + run.stores, rows,
                                     textColumns: 7)
        return text
    }
}
