import ArgumentParser
import BenchApp
import BenchDriver

extension Profile: ExpressibleByArgument {}

/// What to measure: scenarios, stores, parameters, rounds, seed.
struct RunOptions: ParsableArguments {
    @Option(
        help:
            "How much to measure: quick (CI, about eight minutes with --instructions), default (meaningful sizes, instructions counted), full (sweeps up to 100,000 models, 4 rounds)."
    )
    var profile: Profile = .default

    @Option(
        name: .customLong("scenario"),
        help: ArgumentHelp(
            "Run only this scenario; repeat for several. See 'bench list'.", valueName: "id"))
    var scenarios: [String] = []

    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "Run only this store; repeat for several (\(Listing.storeNames.joined(separator: ", "))).",
            valueName: "name"))
    var stores: [String] = []

    @Option(
        name: .customLong("param"),
        help: ArgumentHelp(
            "Set a scenario parameter, or sweep it with a comma list: N=10000, F=100,1000. See 'bench list'.",
            valueName: "name=value"))
    var parameters: [String] = []

    @Option(
        help: """
            Independent rounds per case and store (1...100; below 4 no difference can be significant), and no more. \
            Without it, the profile's (quick 5, default and full 4), and a timed case a claim's test leaves undecided gets more, up to \
            three times as many or twice its first rounds' time.
            """)
    var rounds: Int?

    @Option(help: "Seed of every generated workload; the same seed gives the same operations.")
    var seed: UInt64 = 42

    var request: RunRequest {
        RunRequest(
            profile: profile, scenarios: scenarios, stores: stores, parameters: parameters, rounds: rounds, seed: seed)
    }

    func validate() throws {
        try validating { () throws(BenchFailure) in try request.validate() }
    }
}

/// How a run is recorded: instruction counts, where its files go.
struct RecordingOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: """
            Also count instructions per operation of the single-threaded scenarios under Valgrind's callgrind \
            (a second pass; needs valgrind). Counts do not depend on the machine's speed or load: the report \
            decides single-threaded comparisons on them, and a baseline with them gates CPU cost on any host. \
            The default and full profiles count them unless --no-instructions; quick only with --instructions.
            """)
    var instructions: Bool?

    @Option(
        name: .customLong("pool-with"),
        help: ArgumentHelp(
            "A results.json of another run of the same build and plan, in another process: this run follows its sweep stops and writes both runs' rounds pooled, every figure's drift between the two widening its interval (scripts/record-results splits each case's rounds so).",
            valueName: "file"))
    var poolWith: String?

    /// For showing that counts do not depend on how many cases are counted
    /// side by side (docs/METHODS.md); a run leaves it to the core count.
    @Option(name: .customLong("instruction-workers"), help: .hidden)
    var instructionWorkers: Int?

    func validate() throws {
        if let instructionWorkers, !(1...64).contains(instructionWorkers) {
            throw ValidationError("--instruction-workers must be between 1 and 64, got \(instructionWorkers)")
        }
    }

    @Option(
        help: ArgumentHelp(
            "Directory for results.json, report.md, charts/, results.csv and github-benchmark.json; default: runs/<profile> (results/ holds the published runs, which only scripts/record-results writes).",
            valueName: "dir"))
    var output: String?
}

/// A usage failure found while parsing, as ArgumentParser reports it: one
/// line, status 64.
func validating(_ body: () throws(BenchFailure) -> Void) throws {
    do {
        try body()
    } catch  where error.kind == .usage {
        throw ValidationError(error.message)
    }
}
