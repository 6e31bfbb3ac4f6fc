import ArgumentParser
import BenchReport
import BenchResults
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Regenerate report.md, its charts, the CSV and github-benchmark.json from a saved results.json.",
        discussion: """
        Nothing is re-run: the files are rendered from the saved results alone, byte for byte as the run \\
        wrote them (with this version of bench). github-benchmark.json is the customSmallerIsBetter format \\
        of github-action-benchmark, for charting history in your own CI. The files go to --output DIR, by \
        default beside the input.

        Examples:
          bench report --input results/full/results.json
          bench report --input /tmp/run/results.json --output /tmp/report
        """
    )

    @Option(help: ArgumentHelp("The saved run to report on.", valueName: "file"))
    var input: String

    /// `--output DIR` is bench's own option: the directory for the files,
    /// by default the directory of `--input`.
    @ParentCommand var bench: BenchCommand

    func run() throws {
        let result = try RunFiles.read(input, role: "run")
        let directory = bench.options.output.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: input).deletingLastPathComponent()
        try RunFiles.prepareDirectory(directory, option: "--output")
        let written = try RunFiles.writeReport(result, to: directory)
        print("Wrote \(written) to \(directory.path).")
    }
}
