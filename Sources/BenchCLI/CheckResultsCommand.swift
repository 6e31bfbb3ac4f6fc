import ArgumentParser
import BenchApp

/// `bench check-results`: do the published runs still describe this code?
struct CheckResultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-results",
        abstract: "Check that the published runs (results/default, results/full) still describe the code in the tree.",
        discussion: """
            They do when they and results/baseline.json were measured on one clean commit of this history, \
            and either that commit's Sources/ and Package.swift are the tree's, or a quick run of the tree's \
            code (with instruction counts) counts what the baseline counted: every exact count exactly, every \
            instruction count within its gate tolerance (bench tolerances) or the spread of the baseline's own \
            runs where that is wider, either way. Run from the \
            checkout's root. Exit 0 when current, 2 when a count moved (they must be recorded again), 3 when \
            the published files cannot be used, 5 when the instruction counts cannot be compared with the \
            baseline's (another toolchain, Valgrind or C library): then give --measured-here a quick run of \
            the published commit made on this host (scripts/gate does).

            Examples:
              bench check-results                                   runs the quick profile if the code changed
              bench check-results --current .build/ci-results/results.json
              bench check-results --record results/verification.json
            """
    )

    @Option(
        help: ArgumentHelp("A quick run of this commit with --instructions, instead of running one.", valueName: "file")
    )
    var current: String?

    @Option(
        help: ArgumentHelp(
            "Where to write that the changed code reproduced the counts (read by bench report --verification).",
            valueName: "file"))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "A quick run with --instructions of the published commit, made on this host, to compare with "
                + "where the baseline's instruction counts cannot be.",
            valueName: "file"))
    var measuredHere: String?

    func run() throws {
        print(try ResultsCheck(current: current, record: record, measuredHere: measuredHere).run())
    }
}
