import ArgumentParser
#if canImport(Glibc)
@preconcurrency import Glibc  // `stdout`, a C global the Swift 6 checker cannot see is only set up once
#endif
import Foundation

/// The process entry: deterministic hashing, then the command, with errors
/// on one line.
public enum BenchEntry {
    /// Exit statuses, so scripts and CI can tell outcomes apart.
    public enum Status: Int32, Sendable {
        case success = 0
        /// The run could not finish (a scenario failed, a file could not be written).
        case failure = 1
        /// Compared with a baseline, something regressed.
        case regression = 2
        /// The baseline (or the saved run) cannot be used: missing, unreadable,
        /// corrupt, of another schema, or not comparable.
        case unusableBaseline = 3
        /// The binary is older than a source file of its package: it would
        /// measure code that is no longer in the tree.
        case staleBuild = 4
        /// Bad command line: unknown name, out-of-range value, unwritable output.
        case usage = 64
    }

    public static func main() {
        ensureDeterministicHashing()
        // Line by line even into a pipe or a file, so a CI log shows each
        // case's table when the case ends, not everything at exit.
        setvbuf(stdout, nil, _IOLBF, 0)
        do {
            var command = try BenchCommand.parseAsRoot()
            try BuildFreshness.current?.check()
            try command.run()
        } catch {
            exit(with: error)
        }
    }

    /// Swift seeds hashing randomly per process, which moves Set and
    /// Dictionary layouts and so allocation counts from run to run. `bench`
    /// restarts itself with deterministic hashing so counts repeat exactly.
    static func ensureDeterministicHashing() {
        guard ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil else { return }
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Only reached if exec failed: run on with random hashing.
        FileHandle.standardError.write(Data("bench: warning: could not restart with deterministic hashing; allocation counts may vary between runs\n".utf8))
    }

    static func exit(with error: any Error) -> Never {
        let code = BenchCommand.exitCode(for: error)
        if code == .success {
            // --help, --version: ArgumentParser's full message.
            print(BenchCommand.fullMessage(for: error))
            Foundation.exit(0)
        }
        let status: Status
        let message: String
        switch error {
        case let failure as CommandFailure:
            status = failure.status
            message = failure.message
        case let stale as BuildFreshness.Stale:
            status = .staleBuild
            message = stale.description
        default:
            status = code == .validationFailure ? .usage : .failure
            message = BenchCommand.message(for: error)
        }
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("bench: error: \(line)\n".utf8))
        Foundation.exit(status.rawValue)
    }
}

/// A failure with its own status and one-line message.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String { message }

    let status: BenchEntry.Status
    let message: String

    static func usage(_ message: String) -> CommandFailure { CommandFailure(status: .usage, message: message) }
    static func failure(_ message: String) -> CommandFailure { CommandFailure(status: .failure, message: message) }
    static func unusable(_ message: String) -> CommandFailure { CommandFailure(status: .unusableBaseline, message: message) }
}

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure designs for an in-memory model layer, live objects against immutable values, on the same workloads.",
        discussion: """
        Every store runs the scenarios listed by `bench list` with the same seed and operations:

        \(StoreSelection.all.map { "  \($0.name): \($0.design.summary)" }.joined(separator: "\n"))

        Each case prints a table as it ends, every store side by side with the best marked; the run \
        writes results.json, report.md with its charts, results.csv and github-benchmark.json into the \
        output directory, each file atomically. Progress goes to standard error.

        Examples:
          bench                                  every scenario, default sizes
          bench --profile quick                  every scenario, small (about two minutes)
          bench --scenario tag-rename --param F=100,10000
          bench list                             scenarios and their parameters
          bench report --input results/full/results.json   report and charts again, no re-run
          bench soak --seconds 60                every store on every core, checked against a serial replay
        """,
        subcommands: [CompareCommand.self, MergeCommand.self, ReportCommand.self, ListCommand.self, SoakCommand.self,
                      CountInstructionsCommand.self]
    )

    @OptionGroup var options: RunOptions
    @OptionGroup var gate: GateOptions

    func run() throws {
        let baseline = try gate.loadBaseline()
        try gate.prepareSave()
        let result = try options.execute()
        try gate.save(result)
        if let baseline { try gate.check(result, against: baseline) }
    }
}
