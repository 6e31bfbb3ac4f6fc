import ArgumentParser
import BenchApp

/// The child process of `bench --instructions`, run under callgrind.
struct CountInstructionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: InstructionPass.childCommand,
        abstract: "Count instructions per operation under callgrind (run by bench --instructions).",
        shouldDisplay: false
    )

    @OptionGroup var selection: RunOptions

    @Option(help: "What `valgrind --version` said, recorded with the counts.")
    var valgrindVersion: String

    @Option(help: ArgumentHelp("Where to write the counts (a results.json).", valueName: "file"))
    var outputFile: String

    @Option(
        name: .customLong("case"),
        help: ArgumentHelp(
            "Which of the request's single-threaded cases to count, from 0 in plan order.", valueName: "index"))
    var caseIndex: Int

    @Option(
        name: .customLong("not-counted"),
        help: ArgumentHelp(
            "A store the timing pass did not run in the case, so not counted either; repeat for several.",
            valueName: "store"))
    var notCounted: [String] = []

    func run() throws {
        try InstructionPass.count(
            selection.request, caseIndex: caseIndex, notCounted: notCounted, valgrindVersion: valgrindVersion,
            into: outputFile)
    }
}
