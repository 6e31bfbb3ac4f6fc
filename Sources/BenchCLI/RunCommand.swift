import ArgumentParser
import BenchApp

/// `bench` and `bench run`: measure, write the files, gate against a baseline.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the scenarios on the stores, print each case's table, write the report (the default command).",
        discussion: """
            Each case prints a table as it ends, every store side by side with the best marked; the run \
            writes results.json, report.md with its charts, results.csv and github-benchmark.json into the \
            output directory, each file atomically. Progress goes to standard error. With --baseline the \
            run is gated: exit 2 if anything regressed, 3 if the baseline cannot be used, 5 if its instruction \
            counts cannot be compared with the run's (another toolchain, Valgrind or C library), 6 if timings \
            alone regressed, again when their cases were measured once more (timing-regressions.args in the \
            output directory lists those cases; scripts/gate measures them beside the baseline's commit).

            Examples:
              bench                                  every scenario, default sizes
              bench --profile quick                  every scenario, small (about four minutes)
              bench --scenario tag-rename --param F=100,10000
              bench --profile quick --instructions --baseline results/baseline.json
            """
    )

    @OptionGroup var selection: RunOptions
    @OptionGroup var recording: RecordingOptions

    @Option(
        help: ArgumentHelp(
            "Compare the run with this baseline (a results.json); exit 2 if anything regressed, 3 if it cannot be used, "
                + "5 if its instruction counts cannot be compared, 6 if timings alone regressed.",
            valueName: "file"))
    var baseline: String?

    @Option(
        name: .customLong("save-baseline"),
        help: ArgumentHelp(
            "Also save the run's results.json here, to serve as the baseline of later runs.", valueName: "file"))
    var saveBaseline: String?

    @OptionGroup var timing: TimingToleranceOption

    func run() throws {
        try Benchmark(
            request: selection.request, countsInstructions: recording.instructions, output: recording.output,
            poolWith: recording.poolWith, instructionWorkers: recording.instructionWorkers,
            gate: Gate(baseline: baseline, saveAs: saveBaseline, timingTolerance: timing.tolerance)
        ).run()
    }
}

/// How far a timing's median must move to regress.
struct TimingToleranceOption: ParsableArguments {
    @Option(
        name: .customLong("timing-tolerance"),
        help: ArgumentHelp(
            "Relative change a timing's median must exceed to regress (0...10; default \(Gate.standardTimingTolerance), "
                + "i.e. \(Gate.timingToleranceInWords)); exact counts are gated regardless.",
            valueName: "fraction"))
    var tolerance: Double = Gate.standardTimingTolerance

    func validate() throws {
        guard Gate.timingTolerances.contains(tolerance) else {
            throw ValidationError("--timing-tolerance must be between 0 and 10 (0.5 is 50%), got \(tolerance)")
        }
    }
}
