import BenchDriver
import BenchMetrics
import BenchResults
import BenchStatistics
import Foundation
import Instrumentation

/// `bench --instructions`: the run's single-threaded scenarios once more,
/// under Valgrind's callgrind, counting each timed loop's instructions.
///
/// Callgrind runs the program on a synthetic CPU, many times slower, so
/// the pass runs each case once after a warm-up round (instruction counts
/// need no repetitions to be precise) in a child process,
/// `valgrind --tool=callgrind bench count-instructions ...`, which writes
/// its counts to a file this process reads and adds to the run.
public enum InstructionPass {
    /// The tools the pass needs.
    struct Tools {
        var valgrind: String
        /// Strips the DWARF 5 debug information that Valgrind 3.19 cannot
        /// read from a copy of bench (the Swift toolchain ships llvm-objcopy).
        var objcopy: String
    }

    /// Finds the tools, or fails saying how to install them.
    static func locateTools() throws(BenchFailure) -> Tools {
        guard let valgrind = executable(named: "valgrind") else {
            throw .failure(
                "--instructions needs Valgrind, which is not installed: run scripts/install-dependencies (or apt-get install valgrind)"
            )
        }
        guard let objcopy = executable(named: "llvm-objcopy") ?? executable(named: "objcopy") else {
            throw .failure(
                "--instructions needs llvm-objcopy (from the Swift toolchain) or objcopy (apt-get install binutils) on the PATH"
            )
        }
        return Tools(valgrind: valgrind, objcopy: objcopy)
    }

    private static func executable(named name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the pass for `request`'s plan and returns what it counted.
    ///
    /// Each single-threaded case is counted in a child process of its own,
    /// as many at a time as the process may use CPUs, each on a CPU of its
    /// own (`ProcessorPin`): a count does not depend on what else the
    /// machine runs, only on what ran before it in its process. So no
    /// case's count takes in what earlier cases left in the heap, and the
    /// pass takes about as long as its longest case or its cases' total
    /// over the CPUs, whichever is more (docs/CONSTANTS.md, InstructionPass).
    ///
    /// Every child sees the same arguments, environment and file names on
    /// every host and from every checkout: they are copied into its heap at
    /// start, so their lengths move where the Swift runtime's metadata lands,
    /// and lookups in its metadata cache (hashed by address) took more
    /// instructions per operation when they differed. So each runs in
    /// a scratch directory whose path always has the same length, with
    /// relative paths and a fixed environment (the caller's `MALLOC_CONF`
    /// and the rest are not passed on).
    ///
    /// A store the timing pass did not run in a case (`CaseResult.notRun`,
    /// in `measured`) is not counted there either. `workers`, when given
    /// and fewer, replaces the CPU count as the number of children at a time.
    static func run(
        _ request: RunRequest, plan: SuitePlan, measured: RunResult, tools: Tools, workers: Int? = nil
    ) throws(BenchFailure) -> RunResult {
        let cases = countedCases(of: plan)
        guard !cases.isEmpty else { throw .failure("the run has no single-threaded case to count instructions of") }
        let valgrindVersion = try runTool(tools.valgrind, ["--version"])
        let timed = measured.casesByKey
        var jobs: [Job] = []
        defer { for job in jobs { try? FileManager.default.removeItem(at: job.scratch) } }
        for (index, plannedCase) in cases.enumerated() {
            let notCounted = timed[plannedCase.key]?.notRun.map(\.store) ?? []
            guard notCounted.count < plan.stores.count else { continue }
            jobs.append(Job(caseIndex: index, notCounted: notCounted, scratch: try makeScratchDirectory()))
        }
        guard !jobs.isEmpty else { throw .failure("the run has no store left to count instructions of in any case") }
        try runTool(tools.objcopy, ["--strip-debug", Platform.executablePath, jobs[0].executable.path])
        for job in jobs.dropFirst() {
            do {
                try FileManager.default.linkItem(at: jobs[0].executable, to: job.executable)
            } catch {
                throw .failure("cannot link \(jobs[0].executable.path) into \(job.scratch.path): \(error)")
            }
        }

        // Jobs no sample shortens first, so that the longest does not start last.
        let order = jobs.indices.sorted { first, second in
            cases[jobs[first].caseIndex].scenario.countsLargeOperationsWhole
                && !cases[jobs[second].caseIndex].scenario.countsLargeOperationsWhole
        }
        let queue = JobQueue(order: order)
        let cpus: [Int]
        do {
            cpus = try ProcessorPin.cpus()
        } catch {
            throw .failure("\(error)")
        }
        // Never two counted processes on one CPU: what shares its CPU moves
        // a count of several threads (`ProcessorPin`).
        let workers = max(1, min(workers ?? cpus.count, cpus.count, jobs.count))
        DispatchQueue.concurrentPerform(iterations: workers) { [jobs] worker in
            // The children this thread starts run on its CPU, one CPU each.
            do {
                try ProcessorPin.allow([cpus[worker]])
            } catch {
                queue.fail(.failure("\(error)"))
                return
            }
            defer { try? ProcessorPin.allow(cpus) }
            while let index = queue.next() {
                let counting = cases[jobs[index].caseIndex]
                FileHandle.standardError.write(
                    Data(
                        "bench: counting [\(index + 1)/\(jobs.count)] \(counting.scenario.rawValue) \(counting.label)\n"
                            .utf8))
                do throws(BenchFailure) {
                    let started = MonotonicClock.now()
                    try jobs[index].run(request, tools: tools, valgrindVersion: valgrindVersion)
                    let seconds = Double(MonotonicClock.now() - started) / 1e9
                    FileHandle.standardError.write(
                        Data(
                            "bench: counted [\(index + 1)/\(jobs.count)] in \(Int(seconds.rounded())) s\n".utf8))
                } catch {
                    queue.fail(error)
                }
            }
        }
        if let failure = queue.failure { throw failure }

        return try joinChildren(jobs, counting: cases)
    }

    /// The children's counts as one result; fails if two probed the C
    /// library differently.
    private static func joinChildren(_ jobs: [Job], counting cases: [SuitePlan.Case]) throws(BenchFailure) -> RunResult
    {
        var counted = try RunFiles.read(jobs[0].output.path, role: "instruction counts")
        for job in jobs.dropFirst() {
            let result = try RunFiles.read(job.output.path, role: "instruction counts")
            // Every child probes the C library before its case starts, so a
            // probe that differs is a measurement fault, not another host.
            guard result.instructionCounting == counted.instructionCounting else {
                throw .failure(
                    "the child counting \(cases[job.caseIndex].label) counted instructions with other tools "
                        + "than the first: \(result.instructionCounting?.key ?? "none") against "
                        + "\(counted.instructionCounting?.key ?? "none")")
            }
            counted.cases += result.cases
        }
        return counted
    }

    /// The plan's single-threaded cases up to their scenarios' limits that
    /// something reads (`SuitePlan.Case.countsInstructions`), in plan
    /// order: what the pass counts.
    private static func countedCases(of plan: SuitePlan) -> [SuitePlan.Case] {
        plan.cases.filter(\.countsInstructions)
    }

    /// Hands out job numbers in `order` to the pass's workers, and stops
    /// handing them out at the first failure.
    private final class JobQueue: Sendable {
        private struct Progress {
            var handedOut = 0
            var firstFailure: BenchFailure?
        }

        private let order: [Int]
        private let progress = LockedValue(Progress())

        init(order: [Int]) { self.order = order }

        func next() -> Int? {
            progress.withLock { progress in
                guard progress.firstFailure == nil, progress.handedOut < order.count else { return nil }
                defer { progress.handedOut += 1 }
                return order[progress.handedOut]
            }
        }

        func fail(_ failure: BenchFailure) {
            progress.withLock { progress in
                if progress.firstFailure == nil { progress.firstFailure = failure }
            }
        }

        var failure: BenchFailure? { progress.withLock { $0.firstFailure } }
    }

    /// One case counted by one child process, in its own scratch directory.
    private struct Job: Sendable {
        var caseIndex: Int
        /// The stores the timing pass did not run in the case.
        var notCounted: [String]
        var scratch: URL
        var executable: URL { scratch.appendingPathComponent("bench") }
        var output: URL { scratch.appendingPathComponent("instructions.json") }
        var table: URL { scratch.appendingPathComponent("table.txt") }
        var messages: URL { scratch.appendingPathComponent("messages.txt") }

        /// Runs the child to the end; prints the table it printed, or throws
        /// with what it said on standard error.
        func run(_ request: RunRequest, tools: Tools, valgrindVersion: String) throws(BenchFailure) {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: tools.valgrind)
            child.currentDirectoryURL = scratch
            child.arguments =
                [
                    "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=yes",
                    "--callgrind-out-file=callgrind.out",
                    "--quiet",
                    "./bench", childCommand,
                    "--valgrind-version", valgrindVersion, "--output-file", output.lastPathComponent,
                    "--case", String(caseIndex),
                ] + notCounted.flatMap { ["--not-counted", $0] } + request.arguments
            child.environment = InstructionCounter.environment(outputFile: "callgrind.out")
            guard FileManager.default.createFile(atPath: table.path, contents: nil),
                FileManager.default.createFile(atPath: messages.path, contents: nil),
                let tableHandle = FileHandle(forWritingAtPath: table.path),
                let messagesHandle = FileHandle(forWritingAtPath: messages.path)
            else { throw .failure("cannot create files in \(scratch.path)") }
            child.standardOutput = tableHandle
            child.standardError = messagesHandle
            try InstructionPass.launch(child, named: tools.valgrind)
            child.waitUntilExit()
            try? tableHandle.close()
            try? messagesHandle.close()
            let said = (try? String(contentsOf: messages, encoding: .utf8)) ?? ""
            guard child.terminationReason == .exit, child.terminationStatus == 0 else {
                let message =
                    said.split(separator: "\n").last { !$0.hasPrefix("bench: [") }.map(String.init) ?? "no message"
                throw .failure(
                    "the instruction pass under callgrind failed (status \(child.terminationStatus)): \(message)")
            }
            if let printed = try? Data(contentsOf: table) { FileHandle.standardOutput.write(printed) }
        }
    }

    /// The hidden command the child runs: `count(_:valgrindVersion:into:)`.
    public static let childCommand = "count-instructions"

    /// The child's side, under callgrind: the request's single-threaded case
    /// numbered `caseIndex` (from 0, in plan order), a warm-up round and one
    /// counted round per store, written to `file` for the parent.
    public static func count(
        _ request: RunRequest, caseIndex: Int, notCounted: [String] = [], valgrindVersion: String, into file: String
    ) throws(BenchFailure) {
        let found: InstructionCounter?
        do {
            found = try InstructionCounter.underCallgrind()
        } catch {
            throw .failure("\(error)")
        }
        guard let counter = found else {
            throw .usage("\(childCommand) runs under callgrind; use bench --instructions")
        }
        let provenance: InstructionProvenance
        do {
            provenance = try InstructionProvenance.collect(valgrind: valgrindVersion, counter: counter)
        } catch {
            throw .failure("\(error)")
        }
        var plan = try request.plan()
        let cases = countedCases(of: plan)
        guard cases.indices.contains(caseIndex) else {
            throw .usage("--case must be below \(cases.count), the request's single-threaded cases; got \(caseIndex)")
        }
        plan.cases = [cases[caseIndex]]
        if let unknown = notCounted.first(where: { name in !plan.stores.contains { $0.name == name } }) {
            throw .usage("--not-counted names '\(unknown)', which is not one of the request's stores")
        }
        plan.stores.removeAll { notCounted.contains($0.name) }
        plan.rounds = 1
        plan.measuresPrimitiveCosts = false
        plan.measurement = .instructions(counter)
        let progress = TerminalProgress(stores: plan.stores.map(\.name), rounds: plan.rounds)
        var result: RunResult
        do {
            result = try SuiteRunner(plan: plan, progress: progress, cancellation: Interruption.shared.flag).run()
        } catch {
            progress.finish()
            throw .failure("\(error)")
        }
        progress.finish()
        guard !result.isPartial else { throw .failure("the instruction pass was interrupted") }
        result.instructionCounting = provenance
        try RunFiles.write(result, to: file)
    }

    /// A new directory, `/tmp/bench-instructions-` and six random characters.
    ///
    /// Not under `TMPDIR` and not named by process id: the child asks for
    /// its working directory as it reads each dump (Foundation makes relative
    /// paths absolute), so the directory's length reached its heap between
    /// counted regions: named by process id, or under a longer `TMPDIR`,
    /// counts of one build moved between runs (docs/CONSTANTS.md,
    /// InstructionPass).
    private static func makeScratchDirectory() throws(BenchFailure) -> URL {
        var template = Array("/tmp/bench-instructions-XXXXXX".utf8CString)
        guard let path = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw BenchFailure.failure("cannot create a scratch directory in /tmp: \(String(cString: strerror(errno)))")
        }
        return URL(fileURLWithPath: String(cString: path), isDirectory: true)
    }

    /// Starts `process`, or fails naming the program that would not start.
    private static func launch(_ process: Process, named path: String) throws(BenchFailure) {
        do {
            try process.run()
        } catch {
            throw .failure("cannot start \(path): \(error)")
        }
    }

    /// Runs a tool to the end; returns its standard output, trimmed.
    @discardableResult
    private static func runTool(_ path: String, _ arguments: [String]) throws(BenchFailure) -> String {
        let tool = Process()
        let pipe = Pipe()
        tool.executableURL = URL(fileURLWithPath: path)
        tool.arguments = arguments
        tool.standardOutput = pipe
        try launch(tool, named: path)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        tool.waitUntilExit()
        guard tool.terminationReason == .exit, tool.terminationStatus == 0 else {
            throw BenchFailure.failure(
                "\(path) \(arguments.joined(separator: " ")) failed (status \(tool.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
