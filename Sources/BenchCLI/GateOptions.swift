import ArgumentParser
import BenchResults
import Foundation
import RegressionGate

/// Checking a run against a baseline, and saving one.
struct GateOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Compare the run with this baseline (a results.json); exit 2 if anything regressed, 3 if it cannot be used.",
        valueName: "file"))
    var baseline: String?

    @Option(name: .customLong("save-baseline"), help: ArgumentHelp(
        "Also save the run's results.json here, to serve as the baseline of later runs.", valueName: "file"))
    var saveBaseline: String?

    @Option(name: .customLong("noise-floor"), help: ArgumentHelp(
        "Relative change a timing's median must exceed to regress (0...10; default 1.5, i.e. 2.5 times); exact counts are gated regardless.",
        valueName: "fraction"))
    var noiseFloor: Double = GateRules.standard.timingNoiseFloor

    func validate() throws {
        guard (0...10).contains(noiseFloor) else {
            throw ValidationError("--noise-floor must be between 0 and 10 (0.5 is 50%), got \(noiseFloor)")
        }
    }

    /// Reads the baseline before anything runs, so a bad one fails at once.
    func loadBaseline() throws -> RunResult? {
        guard let baseline else { return nil }
        return try RunFiles.read(baseline, role: "baseline")
    }

    /// Checks that `--save-baseline` can be written, before anything runs.
    func prepareSave() throws {
        guard let saveBaseline else { return }
        try RunFiles.prepareFile(saveBaseline, option: "--save-baseline")
    }

    func save(_ result: RunResult) throws {
        guard let saveBaseline else { return }
        try RunFiles.write(result, to: saveBaseline)
        print("Saved the run as the baseline \(saveBaseline).")
    }

    /// Prints the comparison; throws with status 2 on a regression.
    func check(_ result: RunResult, against baseline: RunResult) throws {
        var rules = GateRules.standard
        rules.timingNoiseFloor = noiseFloor
        let report: GateReport
        do {
            report = try BaselineComparison.compare(baseline: baseline, current: result, rules: rules)
        } catch {
            throw CommandFailure.unusable("\(error)")
        }
        print("\nCompared with the baseline (\(baseline.provenance.date), commit \(baseline.provenance.commit ?? "unknown")):")
        print(report.table(), terminator: "")
        guard report.passed else {
            throw CommandFailure(status: .regression,
                                 message: "\(report.regressions.count) metric(s) regressed against the baseline (listed above)")
        }
    }
}

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare a run with a baseline: exit 0 if nothing regressed, 2 if something did, 3 if unusable.",
        discussion: """
        Takes bench's own options: --baseline FILE (required) and --noise-floor, and, to run first, \
        the run options (--profile, --scenario, ...). With --current FILE it compares that saved run \
        instead of running. Exact counts (allocations, heap bytes, models, notifications) must match \
        the baseline; a timing's median regresses only when its rounds differ significantly and it \
        moved past the noise floor. Against a baseline from another host or toolchain, timings are \
        reported but only counts are gated.

        Examples:
          bench --baseline results/baseline.json compare --current results/quick/results.json
          bench --profile quick --baseline results/baseline.json compare
        """
    )

    @Option(help: ArgumentHelp("The saved run to compare instead of running (a results.json).", valueName: "file"))
    var current: String?

    @ParentCommand var bench: BenchCommand

    func validate() throws {
        guard bench.gate.baseline != nil else {
            throw ValidationError("compare needs --baseline FILE (for example --baseline results/baseline.json)")
        }
    }

    func run() throws {
        guard let baseline = try bench.gate.loadBaseline() else { return }
        if current == nil { try bench.gate.prepareSave() }
        let result = try current.map { try RunFiles.read($0, role: "current run") } ?? bench.options.execute()
        if current == nil { try bench.gate.save(result) }
        try bench.gate.check(result, against: baseline)
    }
}
