import Foundation
import Testing

@testable import BenchResults

/// Ctrl-C and SIGTERM during a run: a prompt stop, the completed cases
/// written whole and marked partial, no temporary file left behind.
@Suite("bench interrupted")
struct InterruptionTests {
    /// Many tiny cases, so some complete before the signal and some do not.
    static let arguments = [
        "--scenario", "cold-load", "--param", "N=" + (50..<250).map(String.init).joined(separator: ","),
        "--rounds", "2",
    ]

    @Test(
        "one signal stops after the round in progress and writes the completed cases, marked partial",
        arguments: [SIGINT, SIGTERM])
    func stopsAndWritesCompletedCases(signal: Int32) throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var sawFirstCase = false
        let outcome = try BenchProcess.run(Self.arguments + ["--output", directory.path]) { process, output, _ in
            // Signal once a case has finished (its table is printed as it
            // ends), however slowly the binary started.
            sawFirstCase = output.wait(for: "cold-load  N=50 ")
            kill(process.processIdentifier, signal)
        }
        #expect(sawFirstCase, "no case finished: \(outcome.error)")
        #expect(outcome.status == 1, "\(outcome.error)")
        #expect(outcome.error.contains("stopping after the current round"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files)")

        let last = outcome.errorLines.last.map(String.init) ?? ""
        let completed = try #require(Self.completedCount(in: last), "\(last)")
        let result = try RunResult.read(from: directory.appendingPathComponent("results.json"))
        #expect(result.isPartial)
        #expect(result.cases.count == completed)
        #expect((1..<200).contains(completed))
        let report = try String(contentsOf: directory.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("Interrupted"))
    }

    /// Rounds of an hour, so both signals arrive while the first runs, however
    /// slowly a sanitizer build starts or a loaded machine schedules it.
    static let longRound = [
        "--profile", "quick", "--scenario", "background-sync", "--param", "N=200", "--param", "K=20",
        "--param", "hz=60", "--param", "frames=216000", "--rounds", "1",
    ]

    @Test("a second signal quits at once, status 130, leaving no temporary files")
    func secondSignalQuits() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var sawRound = false, sawStopping = false
        let outcome = try BenchProcess.run(Self.longRound + ["--output", directory.path]) { process, _, error in
            // The case has started (its line goes to standard error when that
            // is not a terminal), so its hour-long round is running.
            sawRound = error.wait(for: "[1/1] background-sync")
            kill(process.processIdentifier, SIGINT)
            // Two signals sent before the first is handled arrive as one: the
            // second goes only once bench has said it stops after the round.
            sawStopping = error.wait(for: "stopping after the current round")
            kill(process.processIdentifier, SIGINT)
        }
        #expect(sawRound, "\(outcome.error)")
        #expect(sawStopping, "\(outcome.error)")
        // Only the second signal's handler exits with 130, and it does so in
        // the middle of the round: the run wrote nothing.
        #expect(outcome.status == 130, "\(outcome.error)")
        #expect(outcome.error.contains("bench: stopped."))
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files)")
        #expect(!files.contains("results.json"), "\(files)")
    }

    /// N in "interrupted after N of M cases".
    static func completedCount(in line: String) -> Int? {
        guard let range = line.range(of: "interrupted after ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
