import ArgumentParser
import BenchApp

/// `bench join`: runs of different scenarios of one profile put together.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join saved runs of different scenarios of one profile into one results.json.",
        discussion: """
            A profile too long for one sitting is measured scenario by scenario (bench --scenario NAME), \
            each run complete in itself: every store of a case side by side in one process. join puts the \
            runs together as one run of the whole profile, refusing runs of another commit, build, seed, \
            store set or rounds, runs from hosts that read the clock at costs more than a quarter apart, a \
            case twice or a case missing. Nothing is pooled; the joined run lists its pieces. \
            scripts/record-results records the published runs this way.

            Example:
              bench join /tmp/pieces/*/results.json --into /tmp/full/results.json
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Saved runs (results.json files), each of some of the profile's scenarios.", valueName: "file"))
    var runs: [String]

    @Option(help: ArgumentHelp("Where to write the joined results.json.", valueName: "file"))
    var into: String

    func validate() throws {
        guard !runs.isEmpty else { throw ValidationError("join needs at least one results.json file") }
    }

    func run() throws {
        print(try SavedRuns.join(runs, into: into))
    }
}
