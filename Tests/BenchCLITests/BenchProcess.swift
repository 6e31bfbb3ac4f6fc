import Foundation

/// The built `bench` executable, run as a user would run it.
struct BenchProcess {
    struct Outcome {
        let status: Int32
        let output: String
        let error: String

        var errorLines: [Substring] { error.split(separator: "\n") }
    }

    /// What a running `bench` has written so far to one of its streams.
    final class Stream: @unchecked Sendable {
        // @unchecked: `data` is accessed only under `lock`; `done` is a semaphore.
        private let lock = NSLock()
        private var data = Data()
        fileprivate let done = DispatchSemaphore(value: 0)

        /// Reads `handle` on a thread of its own until the writer closes it.
        fileprivate init(reading handle: FileHandle) {
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { data.append(chunk) }
                }
                done.signal()
            }
        }

        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

        /// Waits until the stream contains `marker`, for at most `seconds`;
        /// returns whether it appeared. A test waits for what it needs instead
        /// of sleeping and hoping the process got that far.
        @discardableResult
        func wait(for marker: String, seconds: Double = 120) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if text.contains(marker) { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return false
        }
    }

    /// `bench` sits beside the test binary in the build directory.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bench")
    }

    /// A measuring run as the test asks for it: a default-profile run counts
    /// instructions under Valgrind unless told not to, which no test needs
    /// unless it says `--instructions` (it would make every test minutes long).
    static func withoutImplicitInstructions(_ arguments: [String]) -> [String] {
        let subcommands: Set<String> = [
            "list", "report", "compare", "compare-verdicts", "check-results", "merge", "join", "soak",
            "count-instructions",
            "tolerances",
        ]
        let measures = arguments.first.map { !subcommands.contains($0) } ?? true
        guard measures, !arguments.contains("--help"), !arguments.contains("--instructions"),
            !arguments.contains("--no-instructions")
        else { return arguments }
        return arguments + ["--no-instructions"]
    }

    /// Runs `bench` with `arguments`; `whileRunning` gets the process and its
    /// standard output and error as they are written.
    @discardableResult
    static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: URL = executable,
        whileRunning: ((Process, _ output: Stream, _ error: Stream) -> Void)? = nil
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = Self.withoutImplicitInstructions(arguments)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outputPipe = Pipe(), errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        let output = Stream(reading: outputPipe.fileHandleForReading)
        let error = Stream(reading: errorPipe.fileHandleForReading)
        whileRunning?(process, output, error)
        process.waitUntilExit()
        output.done.wait()
        error.done.wait()
        return Outcome(status: process.terminationStatus, output: output.text, error: error.text)
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("bench-test-\(UUID().uuidString)")
    }
}
