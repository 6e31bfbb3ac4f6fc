import ArgumentParser
import BenchApp
import BenchDriver

/// `bench list`: what can be measured.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the stores, the scenarios, their parameters, and each profile's cases with what reads them.",
        discussion: """
            Each case of each profile is listed with what reads it besides its scenario's summary line: the \
            claims judged on it, the decision-table, trade-off and scaling columns read from it, and the sweep \
            charts it is a point of ("nothing else" where only the summary reads it). The default and full \
            profiles do not run a case nothing else reads; --param runs it. The quick profile runs every case: \
            the CI gate reads them all.

            --json prints the same as one JSON object, for scripts: "stores" (name, family, threading, \
            summary, modelledOn, isUpperBound, keepsDeadObservers) and "scenarios" (id, title, origin, \
            parameters with their range and each profile's value, and the labels of the cases each profile runs).
            """
    )

    @Flag(help: "Print the listing as JSON, for scripts.")
    var json = false

    @Option(
        name: .customLong("scenarios-of"),
        help: ArgumentHelp(
            "Print only the ids of the scenarios a run of this profile measures, one a line, in the order it measures them.",
            valueName: "profile"))
    var scenariosOf: Profile?

    @Option(
        name: .customLong("rounds-of"),
        help: ArgumentHelp(
            "Print only the rounds a run of this profile measures per case and store (scripts/record-results splits them over two processes).",
            valueName: "profile"))
    var roundsOf: Profile?

    func validate() throws {
        guard [json, scenariosOf != nil, roundsOf != nil].filter({ $0 }).count <= 1 else {
            throw ValidationError("--json, --scenarios-of and --rounds-of print different listings; give one")
        }
    }

    func run() {
        if let roundsOf {
            print(roundsOf.defaultRounds)
        } else if let scenariosOf {
            print(Listing.scenarioIDs(of: scenariosOf))
        } else {
            print(json ? Listing.json : Listing.text)
        }
    }
}
