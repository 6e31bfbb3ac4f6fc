import BenchDriver
import BenchMetrics
import BenchReport
import BenchResults
import BenchStatistics
import Foundation

/// One benchmark from start to end: the plan run on every store, the
/// instruction pass, the files, the gate. What `bench` does by default.
public struct Benchmark: Sendable {
    public var request: RunRequest
    /// Whether to count instructions per operation under callgrind too.
    public var countsInstructions: Bool
    /// Where results.json and the report go; `results/<profile>` when nil.
    public var output: String?
    public var gate: Gate

    public init(request: RunRequest, countsInstructions: Bool = false, output: String? = nil, gate: Gate = Gate()) {
        self.request = request
        self.countsInstructions = countsInstructions
        self.output = output
        self.gate = gate
    }

    /// Runs it, prints each case's table as it ends, writes the files and
    /// checks the gate; returns what was measured.
    @discardableResult
    public func run() throws(BenchFailure) -> RunResult {
        try request.validate()
        let baseline = try gate.prepare()
        let directory = URL(fileURLWithPath: output ?? "results/\(request.profile)")
        try RunFiles.prepareDirectory(directory, option: "--output")
        try checkAllocator()
        if Provenance.buildConfiguration == "debug" {
            warn("this is a debug build: timings are meaningless. Run `swift run -c release bench` for real figures.")
        }
        let instructionTools = countsInstructions ? try InstructionPass.locateTools() : nil
        let plan = try request.plan()
        let progress = TerminalProgress(stores: plan.stores.map(\.name), rounds: plan.rounds)
        let runner = SuiteRunner(plan: plan, progress: progress, cancellation: Interruption.shared.flag)
        let measured: RunResult
        do {
            measured = try Interruption.shared.whileRunning { try runner.run() }
        } catch {
            progress.finish()
            throw .failure("\(error)")
        }
        progress.finish()
        if measured.isPartial && measured.cases.isEmpty {
            // Nothing to report, and an earlier run's files stay as they were.
            throw .failure("interrupted before any of \(plan.cases.count) cases completed; nothing written")
        }
        // Each case's table was printed as the case ended.
        print(TerminalReport.trailer(measured), terminator: "")
        var result = measured
        if let instructionTools, !measured.isPartial {
            print("\nCounting instructions under callgrind (each case once more, single-threaded scenarios only):")
            result = measured.addingInstructions(from: try InstructionPass.run(request, tools: instructionTools))
        }
        try RunFiles.write(result, to: directory.appendingPathComponent("results.json").path)
        let files = try RunFiles.writeReport(result, to: directory)
        print("\nWrote \(directory.path)/results.json, \(files) (\(Int(result.durationSeconds.rounded())) s).")
        if measured.isPartial {
            throw .failure(
                "interrupted after \(measured.cases.count) of \(plan.cases.count) cases; wrote those, marked partial, to \(directory.path)")
        }
        try gate.save(result)
        if let baseline { try gate.check(result, against: baseline) }
        return result
    }

    private func checkAllocator() throws(BenchFailure) {
        do {
            try AllocatorCheck.requireJemalloc()
        } catch {
            guard Sanitizers.isActive else {
                throw .failure("\(error). Install libjemalloc-dev (scripts/install-dependencies) and rebuild.")
            }
            warn("the \(Sanitizers.active.joined(separator: " and ")) sanitizer owns malloc: allocations are not counted.")
        }
    }
}

/// One line on standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("bench: warning: \(message)\n".utf8))
}
