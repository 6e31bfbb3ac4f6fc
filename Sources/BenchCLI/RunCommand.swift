import ArgumentParser
import BenchDriver
import BenchMetrics
import BenchReport
import BenchResults
import Foundation

extension Profile: ExpressibleByArgument {}

/// The options of a run, and the run itself: what `bench` does by default.
struct RunOptions: ParsableArguments {
    @Option(help: "How much to measure: quick (CI, about two minutes), default (a few minutes), full (sweeps up to 1M models).")
    var profile: Profile = .default

    @Option(name: .customLong("scenario"), help: ArgumentHelp(
        "Run only this scenario; repeat for several. See 'bench list'.", valueName: "id"))
    var scenarios: [String] = []

    @Option(name: .customLong("store"), help: ArgumentHelp(
        "Run only this store; repeat for several (\(StoreSelection.names.joined(separator: ", "))).", valueName: "name"))
    var stores: [String] = []

    @Option(name: .customLong("param"), help: ArgumentHelp(
        "Set a scenario parameter, or sweep it with a comma list: N=10000, F=100,1000. See 'bench list'.",
        valueName: "name=value"))
    var parameters: [String] = []

    @Option(help: "Independent rounds per case and store (1...100; below 4 no difference can be significant); default 5.")
    var rounds: Int?

    @Option(help: "Seed of every generated workload; the same seed gives the same operations.")
    var seed: UInt64 = 42

    @Flag(help: """
        Also count instructions per operation of the single-threaded scenarios under Valgrind's callgrind \
        (a second pass, a few minutes for the quick profile; needs valgrind). Counts do not depend on the \
        machine's speed or load, so a baseline with them gates CPU cost on any host.
        """)
    var instructions = false

    @Option(help: ArgumentHelp("Directory for results.json, report.md, charts/, results.csv and github-benchmark.json; default: results/<profile>.",
                               valueName: "dir"))
    var output: String?

    mutating func validate() throws {
        if let rounds, !(1...100).contains(rounds) {
            throw ValidationError("--rounds must be between 1 and 100, got \(rounds)")
        }
        do {
            _ = try selectedStores()
            try ParameterOverride.validate(try overrides(), for: try selectedScenarios())
            for planned in try makePlan().cases { try planned.scenario.validate(planned.parameters) }
        } catch let error as ScenarioError {
            throw ValidationError("\(error); set the parameters with --param")
        } catch let error as CommandFailure {
            throw ValidationError(error.message)
        }
    }

    /// Runs the plan, prints the tables, writes the files; returns the result.
    func execute() throws -> RunResult {
        let directory = URL(fileURLWithPath: output ?? "results/\(profile)")
        try RunFiles.prepareDirectory(directory, option: "--output")
        try checkAllocator()
        if Provenance.buildConfiguration == "debug" {
            warn("this is a debug build: timings are meaningless. Run `swift run -c release bench` for real figures.")
        }
        let instructionTools = instructions ? try InstructionPass.locateTools() : nil
        let plan = try makePlan()
        let progress = TerminalProgress(stores: plan.stores.map(\.name), rounds: plan.rounds)
        let runner = SuiteRunner(plan: plan, progress: progress, cancellation: Interruption.shared.flag)
        let result: RunResult
        do {
            result = try Interruption.shared.whileRunning { try runner.run() }
        } catch {
            progress.finish()
            throw CommandFailure.failure("\(error)")
        }
        progress.finish()
        if result.isPartial && result.cases.isEmpty {
            // Nothing to report, and an earlier run's files stay as they were.
            throw CommandFailure.failure("interrupted before any of \(plan.cases.count) cases completed; nothing written")
        }
        // Each case's table was printed as the case ended.
        print(TerminalReport.trailer(result), terminator: "")
        var complete = result
        if let instructionTools, !result.isPartial {
            print("\nCounting instructions under callgrind (each case once more, single-threaded scenarios only):")
            complete = result.addingInstructions(from: try InstructionPass.run(self, tools: instructionTools))
        }
        try write(complete, to: directory)
        if result.isPartial {
            throw CommandFailure.failure(
                "interrupted after \(result.cases.count) of \(plan.cases.count) cases; wrote those, marked partial, to \(directory.path)")
        }
        return complete
    }

    /// The options that choose the plan, as a command line.
    var arguments: [String] {
        ["--profile", profile.rawValue, "--seed", String(seed)]
            + scenarios.flatMap { ["--scenario", $0] }
            + stores.flatMap { ["--store", $0] }
            + parameters.flatMap { ["--param", $0] }
    }

    private func checkAllocator() throws {
        do {
            try AllocatorCheck.requireJemalloc()
        } catch {
            guard Sanitizers.isActive else {
                throw CommandFailure.failure("\(error). Install libjemalloc-dev (scripts/install-dependencies) and rebuild.")
            }
            warn("the \(Sanitizers.active.joined(separator: " and ")) sanitizer owns malloc: allocations are not counted.")
        }
    }

    private func write(_ result: RunResult, to directory: URL) throws {
        try RunFiles.write(result, to: directory.appendingPathComponent("results.json").path)
        let files = try RunFiles.writeReport(result, to: directory)
        print("\nWrote \(directory.path)/results.json, \(files) (\(Int(result.durationSeconds.rounded())) s).")
    }

    func makePlan() throws -> SuitePlan {
        let overrides = try overrides()
        let cases = try selectedScenarios().flatMap { scenario in
            ParameterOverride.apply(overrides, to: scenario.definition.cases(for: profile), of: scenario).map {
                SuitePlan.Case(scenario: scenario, parameters: $0)
            }
        }
        return SuitePlan(
            cases: cases, stores: try selectedStores(), rounds: rounds ?? profile.defaultRounds, seed: seed,
            profileName: overrides.isEmpty ? profile.rawValue : "custom")
    }

    private func selectedScenarios() throws(CommandFailure) -> [ScenarioID] {
        guard !scenarios.isEmpty else { return ScenarioID.allCases }
        var selected: [ScenarioID] = []
        for name in scenarios {
            guard let scenario = ScenarioID(rawValue: name) else {
                let known = ScenarioID.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage("unknown scenario '\(name)'; use one of: \(known)")
            }
            if !selected.contains(scenario) { selected.append(scenario) }
        }
        return selected
    }

    private func selectedStores() throws(CommandFailure) -> [StoreRunner] {
        try StoreSelection.select(stores)
    }

    private func overrides() throws(CommandFailure) -> [ParameterOverride] {
        var result: [ParameterOverride] = []
        for text in parameters { result.append(try ParameterOverride(parsing: text)) }
        return result
    }
}

func warn(_ message: String) {
    FileHandle.standardError.write(Data("bench: warning: \(message)\n".utf8))
}
