import ArgumentParser
import BenchApp

/// `bench tolerances`: the smallest regression the gate catches, figure by figure.
struct TolerancesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tolerances",
        abstract: "Print, as Markdown, the smallest regression the gate catches in each figure of a baseline.",
        discussion: """
            Applies the gate's rules to every gated figure of the baseline: exact counts fail on any change, \
            a count whose baseline rounds differ when the run's median leaves them, an instruction count past \
            its tolerance (\(Gate.instructionTolerances)), a timing past \(Gate.timingToleranceInWords) \
            (p < 0.05). The baseline's own descriptors set each tolerance. scripts/record-baseline writes \
            the table to docs/GATE-TOLERANCES.md. Exits 3 when the baseline cannot be read.

            Example:
              bench tolerances --baseline results/baseline.json > docs/GATE-TOLERANCES.md
            """
    )

    @Option(help: ArgumentHelp("The baseline (a results.json).", valueName: "file"))
    var baseline: String

    func run() throws {
        print(try Gate.toleranceTable(baseline: baseline), terminator: "")
    }
}
