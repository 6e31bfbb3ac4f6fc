// swift-format-ignore-file: OrderedImports
// Glibc before Foundation: imported through Foundation first, it would not be `@preconcurrency`.
#if canImport(Glibc)
@preconcurrency import Glibc  // `stdout`, a C global the Swift 6 checker cannot see is only set up once
#endif
import ArgumentParser
import BenchApp
import BenchMetrics
import Foundation

/// The process entry: deterministic hashing, then the command, with every
/// failure on one line and its own exit status.
public enum BenchEntry {
    /// Exit statuses, so scripts and CI can tell outcomes apart.
    enum Status: Int32, Sendable {
        case success = 0
        /// The run could not finish (a scenario failed, a file could not be written).
        case failure = 1
        /// Compared with a baseline, something regressed.
        case regression = 2
        /// The baseline (or the saved run) cannot be used: missing, unreadable,
        /// corrupt, of another schema, or not comparable.
        case unusableInput = 3
        /// The binary is older than a source file of its package: it would
        /// measure code that is no longer in the tree.
        case staleBuild = 4
        /// The run's instruction counts and the baseline's cannot be compared
        /// (another toolchain, Valgrind or C library): run the baseline's
        /// commit on this host and compare with that (`scripts/gate` does).
        case countsNotComparable = 5
        /// Compared with a baseline, only timings regressed, and again when
        /// measured once more: measure their cases beside the baseline's
        /// commit on this host (`scripts/gate` does), whose verdict stands.
        case timingRegression = 6
        /// Bad command line: unknown name, out-of-range value, unwritable output.
        case usage = 64

        init(_ kind: BenchFailure.Kind) {
            switch kind {
            case .failure: self = .failure
            case .regression: self = .regression
            case .unusableInput: self = .unusableInput
            case .usage: self = .usage
            case .staleBuild: self = .staleBuild
            case .countsNotComparable: self = .countsNotComparable
            case .timingRegression: self = .timingRegression
            }
        }
    }

    public static func main() {
        ensureDeterministicHashing()
        // Line by line even into a pipe or a file, so a CI log shows each
        // case's table when the case ends, not everything at exit.
        setvbuf(stdout, nil, _IOLBF, 0)
        do {
            var command = try BenchCommand.parseAsRoot()
            do {
                try BuildFreshness.current?.check()
            } catch {
                throw BenchFailure(.staleBuild, error.description)
            }
            try command.run()
        } catch {
            exit(with: error)
        }
    }

    /// Swift seeds hashing randomly per process, which moves Set and
    /// Dictionary layouts and so allocation counts from run to run. glibc
    /// keeps the stacks of ended threads for the next threads to start, each
    /// with its thread-local storage's vector still on the heap: whether a
    /// store's thread gets a kept stack depends on what ran before it, and so
    /// would the heap bytes read around that store. `bench` restarts itself
    /// with deterministic hashing and glibc's stack cache off, so counts
    /// repeat exactly. (A counted process is started with its own fixed
    /// environment instead: `InstructionCounter.environment`.)
    static func ensureDeterministicHashing() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["SWIFT_DETERMINISTIC_HASHING"] == nil else { return }
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
        let tunables = [environment["GLIBC_TUNABLES"], "glibc.pthread.stack_cache_size=0"].compactMap { $0 }
        setenv("GLIBC_TUNABLES", tunables.joined(separator: ":"), 1)
        execv(Platform.executablePath, CommandLine.unsafeArgv)
        // Only reached if exec failed: run on with random hashing.
        FileHandle.standardError.write(
            Data(
                "bench: warning: could not restart with deterministic hashing; allocation counts may vary between runs\n"
                    .utf8))
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
        if let failure = error as? BenchFailure {
            status = Status(failure.kind)
            message = failure.message
        } else {
            status = code == .validationFailure ? .usage : .failure
            message = BenchCommand.message(for: error)
        }
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("bench: error: \(line)\n".utf8))
        Foundation.exit(status.rawValue)
    }
}

/// `bench`: its subcommands, `run` when none is named.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract:
            "Measure designs for an in-memory model layer, live objects against immutable values, on the same workloads.",
        discussion: """
            Every store runs the scenarios listed by `bench list` with the same seed and operations:

            \(Listing.storeSummaries.map { "  \($0)" }.joined(separator: "\n"))

            With no subcommand, bench runs them (`bench run`); `bench run --help` lists its options.

            Examples:
              bench                                  every scenario, default sizes
              bench --profile quick                  every scenario, small (about four minutes)
              bench --scenario tag-rename --param F=100,10000
              bench list                             scenarios and their parameters
              bench compare --baseline results/baseline.json --current results/quick/results.json
              bench report --input results/full/results.json   report and charts again, no re-run
              bench check-results                    do the published runs still describe this code?
              bench soak --seconds 60                every store on every core, checked against a serial replay
            """,
        subcommands: [
            RunCommand.self, CompareCommand.self, CompareVerdictsCommand.self, CheckResultsCommand.self,
            MergeCommand.self, JoinCommand.self, ReportCommand.self, ListCommand.self, SoakCommand.self,
            TolerancesCommand.self, CountInstructionsCommand.self, TouchOffMainCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}
