import BenchDriver
import BenchMetrics
import BenchStatistics
import BenchResults
import Foundation

/// `bench --instructions`: the run's single-threaded scenarios once more,
/// under Valgrind's callgrind, counting each timed loop's instructions.
///
/// Callgrind runs the program on a synthetic CPU, 20 to 100 times slower, so
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
            throw .failure("--instructions needs Valgrind, which is not installed: run scripts/install-dependencies (or apt-get install valgrind)")
        }
        guard let objcopy = executable(named: "llvm-objcopy") ?? executable(named: "objcopy") else {
            throw .failure("--instructions needs llvm-objcopy (from the Swift toolchain) or objcopy (apt-get install binutils) on the PATH")
        }
        return Tools(valgrind: valgrind, objcopy: objcopy)
    }

    private static func executable(named name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the pass for `options`' plan and returns what it counted.
    ///
    /// The child sees the same arguments, environment and file names on every
    /// host and from every checkout: they are copied into its heap at start,
    /// so their lengths move where the Swift runtime's metadata lands, and
    /// lookups in its metadata cache (hashed by address) took up to 5.4% more
    /// instructions per operation when they differed. So it runs in a
    /// scratch directory whose path always has the same length, with relative
    /// paths and a fixed environment (the caller's `MALLOC_CONF` and the rest
    /// are not passed on).
    static func run(_ request: RunRequest, tools: Tools) throws(BenchFailure) -> RunResult {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = "instructions.json", stripped = "bench", dumps = "callgrind.out"
        try runTool(tools.objcopy, ["--strip-debug", executablePath, scratch.appendingPathComponent(stripped).path])

        let child = Process()
        child.executableURL = URL(fileURLWithPath: tools.valgrind)
        child.currentDirectoryURL = scratch
        child.arguments = [
            "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "--callgrind-out-file=\(dumps)",
            "--quiet",
            "./\(stripped)", childCommand,
            "--valgrind-version", try runTool(tools.valgrind, ["--version"]), "--output-file", output,
        ] + request.arguments
        child.environment = [
            InstructionCounter.outputVariable: dumps,
            "MALLOC_CONF": InstructionCounter.allocatorOptions,
            "SWIFT_DETERMINISTIC_HASHING": "1",
        ]
        do {
            try child.run()
        } catch {
            throw .failure("cannot start \(tools.valgrind): \(error)")
        }
        child.waitUntilExit()
        guard child.terminationReason == .exit, child.terminationStatus == 0 else {
            throw BenchFailure.failure("the instruction pass under callgrind failed (status \(child.terminationStatus)); see its message above")
        }
        return try RunFiles.read(scratch.appendingPathComponent(output).path, role: "instruction counts")
    }

    /// The hidden command the child runs: `count(_:valgrindVersion:into:)`.
    public static let childCommand = "count-instructions"

    /// The child's side, under callgrind: the request's single-threaded
    /// cases, a warm-up round and one counted round per store, written to
    /// `file` for the parent.
    public static func count(_ request: RunRequest, valgrindVersion: String, into file: String) throws(BenchFailure) {
        let found: InstructionCounter?
        do {
            found = try InstructionCounter.underCallgrind()
        } catch {
            throw .failure("\(error)")
        }
        guard let counter = found else { throw .usage("\(childCommand) runs under callgrind; use bench --instructions") }
        var plan = try request.plan()
        plan.cases = plan.cases.filter(\.scenario.countsInstructions)
        plan.rounds = 1
        plan.measuresFloors = false
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
        do {
            result.instructionCounting = try InstructionProvenance.collect(valgrind: valgrindVersion, counter: counter)
        } catch {
            throw .failure("\(error)")
        }
        try RunFiles.write(result, to: file)
    }

    /// A new directory, `/tmp/bench-instructions-` and six random characters.
    ///
    /// Not under `TMPDIR` and not named by process id: the child asks for
    /// its working directory as it reads each dump (Foundation makes relative
    /// paths absolute), so the directory's length reached its heap between
    /// counted regions. Named by process id (ids wrap at 32768 here), counts
    /// of one build moved by up to 3.7% in 2 of 10 runs, and a longer
    /// `TMPDIR` moved them too.
    private static func makeScratchDirectory() throws(BenchFailure) -> URL {
        var template = Array("/tmp/bench-instructions-XXXXXX".utf8CString)
        guard let path = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw BenchFailure.failure("cannot create a scratch directory in /tmp: \(String(cString: strerror(errno)))")
        }
        return URL(fileURLWithPath: String(cString: path), isDirectory: true)
    }

    private static var executablePath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// Runs a tool to the end; returns its standard output, trimmed.
    @discardableResult
    private static func runTool(_ path: String, _ arguments: [String]) throws(BenchFailure) -> String {
        let tool = Process()
        let pipe = Pipe()
        tool.executableURL = URL(fileURLWithPath: path)
        tool.arguments = arguments
        tool.standardOutput = pipe
        do {
            try tool.run()
        } catch {
            throw .failure("cannot start \(path): \(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        tool.waitUntilExit()
        guard tool.terminationReason == .exit, tool.terminationStatus == 0 else {
            throw BenchFailure.failure("\(path) \(arguments.joined(separator: " ")) failed (status \(tool.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
