import BenchMetrics
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
enum InstructionPass {
    /// The tools the pass needs.
    struct Tools {
        var valgrind: String
        /// Strips the DWARF 5 debug information that Valgrind 3.19 cannot
        /// read from a copy of bench (the Swift toolchain ships llvm-objcopy).
        var objcopy: String
    }

    /// Finds the tools, or fails saying how to install them.
    static func locateTools() throws(CommandFailure) -> Tools {
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
    static func run(_ options: RunOptions, tools: Tools) throws -> RunResult {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-instructions-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("instructions.json").path
        let dumps = scratch.appendingPathComponent("callgrind.out").path
        let stripped = scratch.appendingPathComponent("bench").path
        try runTool(tools.objcopy, ["--strip-debug", executablePath, stripped])

        let child = Process()
        child.executableURL = URL(fileURLWithPath: tools.valgrind)
        child.arguments = [
            "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "--callgrind-out-file=\(dumps)",
            "--quiet",
            stripped, CountInstructionsCommand.configuration.commandName!,
            "--valgrind-version", try runTool(tools.valgrind, ["--version"]), "--output-file", output,
        ] + options.arguments
        var environment = ProcessInfo.processInfo.environment
        environment[InstructionCounter.outputVariable] = dumps
        child.environment = environment
        try child.run()
        child.waitUntilExit()
        guard child.terminationReason == .exit, child.terminationStatus == 0 else {
            throw CommandFailure.failure("the instruction pass under callgrind failed (status \(child.terminationStatus)); see its message above")
        }
        return try RunFiles.read(output, role: "instruction counts")
    }

    private static var executablePath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// Runs a tool to the end; returns its standard output, trimmed.
    @discardableResult
    private static func runTool(_ path: String, _ arguments: [String]) throws -> String {
        let tool = Process()
        let pipe = Pipe()
        tool.executableURL = URL(fileURLWithPath: path)
        tool.arguments = arguments
        tool.standardOutput = pipe
        try tool.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        tool.waitUntilExit()
        guard tool.terminationReason == .exit, tool.terminationStatus == 0 else {
            throw CommandFailure.failure("\(path) \(arguments.joined(separator: " ")) failed (status \(tool.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
