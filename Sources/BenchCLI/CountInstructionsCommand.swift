import ArgumentParser
import BenchDriver
import BenchMetrics
import BenchResults

/// The child process of `bench --instructions`, run under callgrind: the
/// plan's single-threaded cases, a warm-up round and one counted round per
/// store, written to a file for the parent.
struct CountInstructionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count-instructions",
        abstract: "Count instructions per operation under callgrind (run by bench --instructions).",
        shouldDisplay: false
    )

    @OptionGroup var options: RunOptions

    @Option(help: "What `valgrind --version` said, recorded with the counts.")
    var valgrindVersion: String

    @Option(help: ArgumentHelp("Where to write the counts (a results.json).", valueName: "file"))
    var outputFile: String

    func run() throws {
        let counter: InstructionCounter
        do {
            guard let found = try InstructionCounter.underCallgrind() else {
                throw CommandFailure.usage("count-instructions runs under callgrind; use bench --instructions")
            }
            counter = found
        } catch let error as InstructionCountError {
            throw CommandFailure.failure("\(error)")
        }
        var plan = try options.makePlan()
        plan.cases = plan.cases.filter(\.scenario.countsInstructions)
        plan.rounds = 1
        plan.measuresFloors = false
        plan.measurement = .instructions(counter)
        let progress = TerminalProgress(stores: plan.stores.map(\.name), rounds: plan.rounds)
        var result = try SuiteRunner(plan: plan, progress: progress, cancellation: Interruption.shared.flag).run()
        progress.finish()
        guard !result.isPartial else { throw CommandFailure.failure("the instruction pass was interrupted") }
        do {
            result.instructionCounting = try InstructionProvenance.collect(valgrind: valgrindVersion, counter: counter)
        } catch {
            throw CommandFailure.failure("\(error)")
        }
        try RunFiles.write(result, to: outputFile)
    }
}
