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
        charts it is a point of ("nothing else" where only the summary reads it).

        --json prints the same as one JSON object, for scripts: "stores" (name, family, threading, \
        summary, modelledOn, isUpperBound, keepsDeadObservers) and "scenarios" (id, title, origin, \
        parameters with their range and each profile's value, and each profile's case labels).
        """
    )

    @Flag(help: "Print the listing as JSON, for scripts.")
    var json = false

    @Flag(name: .customLong("scenario-ids"), help: "Print only the scenario ids, one a line, in the order a run measures them.")
    var scenarioIDs = false

    @Option(name: .customLong("rounds-of"), help: ArgumentHelp(
        "Print only the rounds a run of this profile measures per case and store (scripts/record-results splits them over two processes).",
        valueName: "profile"))
    var roundsOf: Profile?

    func validate() throws {
        guard [json, scenarioIDs, roundsOf != nil].filter({ $0 }).count <= 1 else {
            throw ValidationError("--json, --scenario-ids and --rounds-of print different listings; give one")
        }
    }

    func run() {
        if let roundsOf {
            print(roundsOf.defaultRounds)
        } else {
            print(scenarioIDs ? Listing.scenarioIDs : json ? Listing.json : Listing.text)
        }
    }
}
