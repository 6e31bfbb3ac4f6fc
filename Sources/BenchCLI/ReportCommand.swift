import ArgumentParser
import BenchApp

/// `bench report`: the files of a saved run, rendered again.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Regenerate report.md, its charts, verdicts.json, the CSV and github-benchmark.json from a saved results.json.",
        discussion: """
            Nothing is re-run: the files are rendered from the saved results alone, byte for byte as the run \
            wrote them (with this version of bench). github-benchmark.json is the customSmallerIsBetter format \
            of github-action-benchmark, for charting history in your own CI.

            Examples:
              bench report --input results/full/results.json
              bench report --input /tmp/run/results.json --output /tmp/report
              bench report --input /tmp/b/results.json --drift-from /tmp/a/results.json --output /tmp/b-report
              bench report --input results/default/results.json --readme README.md
              bench report --input results/default/results.json --other-profile results/full/results.json
            """
    )

    @Option(help: ArgumentHelp("The saved run to report on.", valueName: "file"))
    var input: String

    @Option(help: ArgumentHelp("Directory for the files; default: the directory of --input.", valueName: "dir"))
    var output: String?

    @Option(
        name: .customLong("drift-from"),
        help: ArgumentHelp(
            "Another run of the same build and plan: render as if --input had recorded its drift from it.",
            valueName: "file"))
    var driftFrom: String?

    @Option(
        help: ArgumentHelp(
            "What bench check-results --record wrote: the header then says the code changed since and no count moved.",
            valueName: "file"))
    var verification: String?

    @Option(
        help: ArgumentHelp(
            "A README whose sections marked <!-- results: NAME --> ... <!-- /results: NAME --> to render from this run.",
            valueName: "file"))
    var readme: String?

    @Option(
        name: .customLong("other-profile"),
        help: ArgumentHelp(
            "Another profile's run of the same commit: each claim whose verdict reads otherwise there says why.",
            valueName: "file"))
    var otherProfile: String?

    func run() throws {
        print(
            try SavedRuns.report(
                input: input, output: output, driftFrom: driftFrom, verification: verification,
                readme: readme, otherProfile: otherProfile))
    }
}
