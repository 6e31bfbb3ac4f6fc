import ArgumentParser
import BenchApp

/// `bench compare`: a saved run, or a run made now, against a baseline.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare a run with a baseline: exit 0 if nothing regressed, 2 if something did, 3 if unusable, "
            + "5 if its instruction counts cannot be compared, 6 if timings alone regressed in a run and again when measured once more.",
        discussion: """
            With --current FILE it compares that saved run; otherwise it runs first, with the run options \
            below. Exact counts (allocations, heap bytes, models, notifications) must match the baseline, and \
            one whose baseline rounds differ must keep its median within them; an instruction count must stay \
            within \(Gate.instructionTolerances) in the baseline (bench tolerances lists \
            each figure's); a \
            gated count that falls to zero fails; a timing's median regresses only when its rounds differ \
            significantly and it moved past the timing tolerance, and, in a run (not a saved --current file), \
            only if it does so again when its case is measured once more after the run. The baseline alone sets each tolerance. Against a baseline from another host or \
            toolchain, timings are reported but only counts are gated. Instruction counts taken with another \
            toolchain, Valgrind or C library cannot be compared at all: exit 5, and compare with a run of \
            the baseline's commit on this host instead (scripts/gate does).

            With --reproduces the question is whether the run counts what the baseline counted: every \
            exact count must match, every instruction count must lie within its tolerance above or the spread \
            of the baseline's own counts where that is wider, and a move either way fails; timings are not \
            compared. \
            scripts/record-results --verify asks it of the code in the tree against results/baseline.json.

            With --side-by-side the baseline is not the recorded one but the baseline's commit measured on \
            this host beside the code under test, round about (scripts/gate does this when a run exits 6: \
            timings alone regressed, and again when measured once more); only timings are compared, as \
            above, and they decide.

            Examples:
              bench compare --baseline results/baseline.json --current results/quick/results.json
              bench compare --baseline results/baseline.json --profile quick --instructions
              bench compare --reproduces --baseline results/baseline.json --current /tmp/quick/results.json
            """
    )

    @Option(help: ArgumentHelp("The baseline to compare with (a results.json).", valueName: "file"))
    var baseline: String

    @Option(help: ArgumentHelp("The saved run to compare instead of running (a results.json).", valueName: "file"))
    var current: String?

    @Flag(
        help:
            "Fail when any count moved from the baseline's, either way, beyond its recorded spread; compare no timings."
    )
    var reproduces = false

    @Flag(
        help:
            "Compare only timings: the baseline is a run of the baseline's commit measured beside --current on this host."
    )
    var sideBySide = false

    @OptionGroup var timing: TimingToleranceOption
    @OptionGroup(title: "Run options (when there is no --current)") var selection: RunOptions
    @OptionGroup(title: "Run options (when there is no --current)") var recording: RecordingOptions

    func run() throws {
        if reproduces && sideBySide {
            throw BenchFailure(.usage, "--reproduces compares counts and --side-by-side only timings: choose one")
        }
        let question: Gate.Question = reproduces ? .reproduction : sideBySide ? .timingsSideBySide : .regression
        let gate = Gate(baseline: baseline, timingTolerance: timing.tolerance, question: question)
        if let current {
            try gate.compare(savedRun: current)
        } else {
            try Benchmark(
                request: selection.request, countsInstructions: recording.instructions, output: recording.output,
                gate: gate
            ).run()
        }
    }
}
