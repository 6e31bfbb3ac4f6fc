import ArgumentParser
import BenchApp

/// `bench compare-verdicts`: two runs' verdicts, line by line.
struct CompareVerdictsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare-verdicts",
        abstract: "Compare the verdicts of two runs (their verdicts.json): how many lines differ, and which.",
        discussion: """
            One line per claim (its standing and verdict) and per scenario (the stores and families shown to \
            lead, with the cases they lead in). scripts/record-results compares its two runs with it. Exits 0 \
            whether or not they differ; 3 when a file cannot be read.

            Example:
              bench compare-verdicts /tmp/first/verdicts.json results/default/verdicts.json
            """
    )

    @Argument(help: ArgumentHelp("The first run's verdicts.json.", valueName: "first"))
    var first: String

    @Argument(help: ArgumentHelp("The second run's verdicts.json.", valueName: "second"))
    var second: String

    func run() throws {
        print(try SavedRuns.compareVerdicts(first, second))
    }
}
