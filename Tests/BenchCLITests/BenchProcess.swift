import Foundation

/// The built `bench` executable, run as a user would run it.
struct BenchProcess {
    struct Outcome {
        let status: Int32
        let output: String
        let error: String

        var errorLines: [Substring] { error.split(separator: "\n") }
    }

    /// `bench` sits beside the test binary in the build directory.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bench")
    }

    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:],
                    whileRunning: ((Process) -> Void)? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        whileRunning?(process)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       output: String(decoding: outputData, as: UTF8.self),
                       error: String(decoding: errorData, as: UTF8.self))
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("bench-test-\(UUID().uuidString)")
    }
}
