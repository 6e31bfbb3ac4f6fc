import ArgumentParser
import BenchApp

/// `bench merge`: several saved runs pooled into one, for a baseline.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Pool several saved runs of the same plan into one results.json, for a baseline.",
        discussion: """
            Timings drift more between processes than between the rounds of one run; a baseline pooled \
            from independent runs carries that drift, so the gate does not mistake it for a regression. \
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
        guard runs.count >= 2 else {
            throw ValidationError("merge needs at least two results.json files, got \(runs.count)")
        }
    }

    func run() throws {
        print(try SavedRuns.merge(runs, into: into))
    }
}
