import BenchResults

/// The figures a README quotes, rendered from a published run so they are
/// never typed by hand: each a section between `<!-- results: PROFILE NAME -->`
/// and `<!-- /results: PROFILE NAME -->`, replaced whole by `bench report
/// --readme` run on that profile's run; sections of other profiles are left.
public enum ReadmeSections {
    /// Each section's name and its Markdown, in a stable order.
    static func render(_ run: RunResult, context: ReportContext) -> [(name: String, text: String)] {
        let verdicts = VerdictsFile(run, context: context)
        return [
            ("verdicts", claims(verdicts, context: context) + "\n" + scenarios(verdicts)),
            ("decision-table", DecisionTable.costs(run, context: context)),
            ("scaling", DecisionTable.scaling(run, context: context)),
            ("run-time", runTime(run)),
        ]
    }

    /// How long the run took, as its results record it, so the README's
    /// times are measured ones.
    static func runTime(_ run: RunResult) -> String {
        let host = "\(run.provenance.cores)-core \(run.provenance.cpuModel)"
        guard let wall = run.wallSeconds else {
            return "The published \(run.profile) run (\(host)) does not record how long it took end to end.\n"
        }
        let counting =
            run.instructionCounting == nil
            ? "" : ", \(NumberFormat.minutes(run.durationSeconds)) of it measuring and the rest counting instructions"
        return
            "The published \(run.profile) run took **\(NumberFormat.minutes(wall))** end to end on a \(host)\(counting).\n"
    }

    /// `readme` with every section it marks for `run`'s profile rendered
    /// again from `run`.
    ///
    /// - Throws: when `readme` marks no section of the run's profile, or a
    ///   section's end marker is missing: nothing is replaced then.
    public static func update(
        _ readme: String, from run: RunResult, context: ReportContext
    ) throws(OutputError) -> String {
        var text = readme
        var found = 0
        for section in render(run, context: context) {
            let name = "\(run.profile) \(section.name)"
            let begin = "<!-- results: \(name) -->", end = "<!-- /results: \(name) -->"
            guard let start = text.range(of: begin) else { continue }
            guard let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
                throw .malformed("the README", reason: "its section \(begin) has no end marker \(end)")
            }
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: "\n" + section.text)
            found += 1
        }
        guard found > 0 else {
            throw .malformed(
                "the README",
                reason: "it marks no section of the \(run.profile) run (<!-- results: \(run.profile) NAME -->)")
        }
        return text
    }

    /// Each claim: its source, the opening of its quote, and the verdict.
    private static func claims(_ verdicts: VerdictsFile, context: ReportContext) -> String {
        let rows = zip(verdicts.claims, context.claims).map { verdict, claim -> [String] in
            let words = claim.quote.split(separator: " ")
            let opening = words.prefix(12).joined(separator: " ") + (words.count > 12 ? " …" : "")
            return ["\(verdict.number)", claim.source, "“\(opening)”", verdict.verdict]
        }
        return MarkdownReport.table(
            ["#", "source", "the claim, in its words (opening)", "verdict"], rows, textColumns: 4)
    }

    /// Each scenario's leader and leading family, as the summary states them.
    private static func scenarios(_ verdicts: VerdictsFile) -> String {
        verdicts.scenarios.map { "- **\($0.scenario)** (\($0.metric), by \($0.decidedBy)): \($0.summary).\n" }.joined()
    }
}
