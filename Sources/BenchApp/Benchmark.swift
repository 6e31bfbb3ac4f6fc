import BenchDriver
import BenchMetrics
import BenchReport
import BenchResults
import BenchStatistics
import Foundation
import Instrumentation

/// One benchmark from start to end: the plan run on every store, the
/// instruction pass, the files, the gate. What `bench` does by default.
public struct Benchmark: Sendable {
    public var request: RunRequest
    /// Whether to count instructions per operation under callgrind too;
    /// nil for the profile's default (`Profile.countsInstructions`), which
    /// is skipped with a warning where Valgrind is missing.
    public var countsInstructions: Bool?
    /// Where results.json and the report go; `runs/<profile>` when nil.
    /// Only the publishing scripts write `results/`, naming it here.
    public var output: String?
    /// Another run's results.json of the same build and plan, in another
    /// process: this run follows its sweep stops, and what it writes is
    /// both runs' rounds pooled, with every figure's drift between them
    /// (`RunResult.merging(_:recordingDrift:)`).
    public var poolWith: String?
    /// How many cases the instruction pass counts at a time; nil: one per core.
    public var instructionWorkers: Int?
    public var gate: Gate

    public init(
        request: RunRequest, countsInstructions: Bool? = nil, output: String? = nil, poolWith: String? = nil,
        instructionWorkers: Int? = nil, gate: Gate = Gate()
    ) {
        self.request = request
        self.countsInstructions = countsInstructions
        self.output = output
        self.poolWith = poolWith
        self.instructionWorkers = instructionWorkers
        self.gate = gate
    }

    /// Runs it, prints each case's table as it ends, writes the files and
    /// checks the gate; returns what was measured.
    @discardableResult
    public func run() throws(BenchFailure) -> RunResult {
        try request.validate()
        let twin = try poolWith.map { path throws(BenchFailure) in try RunFiles.read(path, role: "--pool-with run") }
        let baseline = try gate.prepare()
        let started = MonotonicClock.now()
        let directory = URL(fileURLWithPath: output ?? Self.userRunDirectory(request.profile))
        try RunFiles.prepareDirectory(directory, option: "--output")
        try checkAllocator()
        if Provenance.buildConfiguration == "debug" {
            warn("this is a debug build: timings are meaningless. Run `swift run -c release bench` for real figures.")
        }
        let instructionTools = try instructionTools()
        let plan = try request.plan()
        if let twin { try Self.checkPoolable(twin, with: plan) }
        let measured = try Self.measure(plan, pooledWith: twin, extending: roundExtension)
        if measured.isPartial && measured.cases.isEmpty {
            // Nothing to report, and an earlier run's files stay as they were.
            throw .failure("interrupted before any of \(plan.cases.count) cases completed; nothing written")
        }
        // Each case's table was printed as the case ended.
        print(TerminalReport.trailer(measured), terminator: "")
        var result = measured
        // A profile that counts by default skips a plan with nothing to
        // count (a run of background-sync alone); --instructions does not.
        let counts = countsInstructions == true || plan.cases.contains(where: \.countsInstructions)
        if let instructionTools, !measured.isPartial, counts {
            print("\nCounting instructions under callgrind (each case once more, single-threaded scenarios only):")
            result = measured.addingInstructions(
                from: try InstructionPass.run(
                    request, plan: plan, measured: measured, tools: instructionTools, workers: instructionWorkers))
        }
        var wallSeconds = Double(MonotonicClock.now() - started) / 1e9
        if let twin, !measured.isPartial {
            do {
                result = try RunResult.merging([result, twin], recordingDrift: true)
            } catch {
                throw .unusable("--pool-with: \(error)")
            }
            wallSeconds += twin.wallSeconds ?? twin.durationSeconds
        }
        result.wallSeconds = wallSeconds
        try RunFiles.write(result, to: directory.appendingPathComponent("results.json").path)
        let files = try RunFiles.writeReport(result, to: directory)
        // Our own clock's reading: finite, so the rounding cannot trap.
        print("\nWrote \(directory.path)/results.json, \(files) (\(Int(wallSeconds.rounded())) s).")
        if output == nil, !measured.isPartial { print(Self.againstPublished(directory, profile: request.profile)) }
        if measured.isPartial {
            throw .failure(
                "interrupted after \(measured.cases.count) of \(plan.cases.count) cases; wrote those, marked partial, to \(directory.path)"
            )
        }
        try gate.save(result)
        if let baseline {
            try gate.check(
                result, against: baseline,
                remeasure: { keys throws(BenchFailure) in
                    try remeasure(keys, of: plan, following: result)
                },
                timingsRegressed: { report throws(BenchFailure) in
                    try TimingRegressionCases(report, of: result).write(into: directory)
                })
        }
        return result
    }

    /// The timings of `plan`'s cases with these keys measured once more,
    /// the stores each ran in `first`, for the gate to confirm what regressed.
    private func remeasure(
        _ keys: Set<String>, of plan: SuitePlan, following first: RunResult
    )
        throws(BenchFailure) -> RunResult
    {
        var again = plan
        again.cases = plan.cases.filter { keys.contains($0.key) }
        again.measuresPrimitiveCosts = false
        let result = try Self.measure(again, pooledWith: first)
        guard !result.isPartial else {
            throw .failure("interrupted while measuring the regressed timings' cases again; the gate is not decided")
        }
        return result
    }

    /// Runs `plan` with progress on the terminal, until it ends or is interrupted.
    private static func measure(
        _ plan: SuitePlan, pooledWith twin: RunResult?, extending: RoundExtension? = nil
    )
        throws(BenchFailure) -> RunResult
    {
        let progress = TerminalProgress(stores: plan.stores.map(\.name), rounds: plan.rounds)
        defer { progress.finish() }
        let runner = SuiteRunner(
            plan: plan, progress: progress, cancellation: Interruption.shared.flag, pooledWith: twin,
            extending: extending)
        do {
            return try Interruption.shared.whileRunning { try runner.run() }
        } catch {
            throw .failure("\(error)")
        }
    }

    /// More rounds for a case whose claims' tests the rules of evidence leave
    /// open, up to three times the profile's rounds or twice the time its
    /// warm-up and first rounds took; none when --rounds fixed them, unless
    /// the run is pooled with another, whose rounds it judges with its own.
    var roundExtension: RoundExtension? {
        guard request.rounds == nil || poolWith != nil else { return nil }
        return RoundExtension(maximumRounds: 3 * request.profile.defaultRounds, timeFactor: 2) { run in
            OpenClaims.undecided(in: run, context: .scenarios)
        }
    }

    /// Throws unless `twin` is a complete run of `plan`'s profile and cases,
    /// which this run can pool its rounds with.
    static func checkPoolable(_ twin: RunResult, with plan: SuitePlan) throws(BenchFailure) {
        guard twin.profile == plan.profileName, !twin.isPartial, twin.cases.map(\.key) == plan.cases.map(\.key),
            twin.designs.map(\.name) == plan.stores.map(\.name)
        else {
            throw .usage("--pool-with needs a complete run of the same profile, cases and stores as this one")
        }
    }

    /// Where a run goes unless told: `runs/<profile>` beside the package's
    /// `results/`, which holds the published runs and is never written here.
    static func userRunDirectory(_ profile: Profile) -> String {
        "runs/\(profile)"
    }

    /// How this run's verdicts compare with the published run of its
    /// profile, when there is one beside it: one line, and how to see more.
    static func againstPublished(_ directory: URL, profile: Profile) -> String {
        let published = "results/\(profile)/verdicts.json"
        let mine = directory.appendingPathComponent("verdicts.json").path
        guard FileManager.default.fileExists(atPath: published), FileManager.default.fileExists(atPath: mine),
            let comparison = try? SavedRuns.compareVerdicts(published, mine),
            let summary = comparison.split(separator: "\n").first
        else { return "" }
        return "Against the published run (\(published)): \(summary). "
            + "Line by line: bench compare-verdicts \(published) \(mine)"
    }

    /// Valgrind and objcopy when instructions are to be counted: asked for,
    /// they must be there; by the profile's default, a missing Valgrind
    /// skips the pass with a warning.
    private func instructionTools() throws(BenchFailure) -> InstructionPass.Tools? {
        switch countsInstructions {
        case true?: return try InstructionPass.locateTools()
        case false?: return nil
        case nil:
            guard request.profile.countsInstructions else { return nil }
            do {
                return try InstructionPass.locateTools()
            } catch {
                warn("\(error.message); the report will decide on timings alone")
                return nil
            }
        }
    }

    private func checkAllocator() throws(BenchFailure) {
        do {
            try AllocatorCheck.requireJemalloc()
        } catch {
            guard Sanitizers.isActive else {
                throw .failure("\(error). Install libjemalloc-dev (scripts/install-dependencies) and rebuild.")
            }
            warn(
                "the \(Sanitizers.active.joined(separator: " and ")) sanitizer owns malloc: allocations are not counted."
            )
        }
    }
}

/// One line on standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("bench: warning: \(message)\n".utf8))
}
