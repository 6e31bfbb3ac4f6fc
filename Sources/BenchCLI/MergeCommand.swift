import ArgumentParser
import BenchResults
import Foundation

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Pool several saved runs of the same plan into one results.json, for a baseline.",
        discussion: """
        Timings drift more between processes than between the rounds of one run; a baseline pooled \\
        from independent runs carries that drift, so the gate does not mistake it for a regression. \\
        scripts/record-baseline records three quick runs and merges them.

        Example:
          bench merge /tmp/run1/results.json /tmp/run2/results.json --into results/baseline.json
        """
    )

    @Argument(help: ArgumentHelp("Saved runs (results.json files) of the same profile and seed.", valueName: "file"))
    var runs: [String]

    @Option(help: ArgumentHelp("Where to write the pooled results.json.", valueName: "file"))
    var into: String

    func validate() throws {
        guard runs.count >= 2 else { throw ValidationError("merge needs at least two results.json files, got \(runs.count)") }
    }

    func run() throws {
        try RunFiles.prepareFile(into, option: "--into")
        let results = try runs.map { try RunFiles.read($0, role: "run") }
        let merged: RunResult
        do {
            merged = try RunResult.merging(results)
        } catch {
            throw CommandFailure.unusable("\(error)")
        }
        try RunFiles.write(merged, to: into)
        print("Merged \(runs.count) runs (\(merged.rounds) rounds per case and store) into \(into).")
    }
}
