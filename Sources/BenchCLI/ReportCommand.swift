import ArgumentParser
import BenchApp

/// `bench report`: the files of a saved run, rendered again.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Regenerate report.md, its charts, the CSV and github-benchmark.json from a saved results.json.",
        discussion: """
        Nothing is re-run: the files are rendered from the saved results alone, byte for byte as the run \
        wrote them (with this version of bench). github-benchmark.json is the customSmallerIsBetter format \
        of github-action-benchmark, for charting history in your own CI.

        Examples:
          bench report --input results/full/results.json
          bench report --input /tmp/run/results.json --output /tmp/report
        """
    )

    @Option(help: ArgumentHelp("The saved run to report on.", valueName: "file"))
    var input: String

    @Option(help: ArgumentHelp("Directory for the files; default: the directory of --input.", valueName: "dir"))
    var output: String?

    func run() throws {
        print(try SavedRuns.report(input: input, output: output))
    }
}
