import BenchResults

/// "What the sources said, and what we measured": a compact table (the
/// claim, its quote, the verdict and the figure that decided it), then each
/// claim's tests case by case, with every store's figure.
enum ClaimsSection {
    static func render(_ run: RunResult, context: ReportContext, otherProfile: RunResult? = nil) -> String {
        guard !context.claims.isEmpty else { return "" }
        let verdicts = context.claims.map { ClaimVerdict($0, run: run, context: context) }
        var text = "## What the sources said, and what we measured\n\n"
        text += "Each claim in its source's words, judged by the rules of evidence: a test is met when the interval of "
        text += "its figure (the 95% bootstrap interval of the rounds' median or of a ratio of medians, widened by "
        text += "the run-to-run drift measured between two runs of this build; exact for counts and instruction "
        text += "counts) lies inside its bound, missed when it lies outside, and otherwise not shown by this run. "
        text += "Operations that run on one thread are judged on their instruction counts where they were counted. "
        text += "A reading the source does not state is marked as this project's inference.\n\n"
        let rows = verdicts.enumerated().map { index, verdict -> [String] in
            let claim = verdict.claim
            var quote = "\(claim.source): “\(claim.quote)” (\(claim.document.citation))"
            if let inference = claim.inference { quote += " *This project's inference:* \(inference)." }
            return ["\(index + 1)", quote, claim.measured, verdict.verdict.text, verdict.decidingFigure]
        }
        text += MarkdownReport.table(
            [
                "#", "claim, in its source's words", "what was measured, and why",
                "verdict", "deciding figure",
            ], rows, textColumns: 5)
        if let otherProfile { text += ProfileComparison.render(run, other: otherProfile, context: context) }

        var details: [[String]] = []
        for (index, verdict) in verdicts.enumerated() {
            for finding in verdict.findings {
                let figures = run.stores.map { store -> String in
                    guard let median = finding.figures.first(where: { $0.store == store })?.median else { return "–" }
                    let value = NumberFormat.value(median)
                    return verdict.favoured.contains(store) ? "**\(value)**" : value
                }
                details.append(
                    [
                        "\(index + 1)", finding.result.scenario,
                        finding.result.label.isEmpty ? "–" : finding.result.label,
                        "\(finding.metric.label) (\(finding.metric.unit))", finding.criterion,
                        finding.outcome?.phrase ?? "not judged", finding.decidedBy, finding.detail,
                    ] + figures)
            }
        }
        guard !details.isEmpty else { return text }
        let charts = ClaimCharts.all(run, context: context)
        if !charts.isEmpty {
            text += "\nEvery case a verdict rests on, charted:\n\n"
            for chart in charts {
                text += "![claim \(chart.claimNumber)](\(ReportFiles.chartDirectory)/\(chart.fileName))\n"
            }
        }
        text += "\nThe tests, case by case (favouring: "
        text += verdicts.enumerated().map { "\($0.offset + 1) \($0.element.claim.favours.label)" }.joined(
            separator: "; ")
        text += "; the favoured design's stores in bold):\n\n"
        text += MarkdownReport.table(
            ["#", "scenario", "case", "metric", "test", "outcome", "decided by", "because"]
                + run.stores, details, textColumns: 8)
        return text
    }
}
