@testable import BenchResults
import Foundation
import Testing

/// Ctrl-C and SIGTERM during a run: a prompt stop, the completed cases
/// written whole and marked partial, no temporary file left behind.
@Suite("bench interrupted")
struct InterruptionTests {
    /// Many tiny cases, so some complete before the signal and some do not.
    static let arguments = [
        "--scenario", "cold-load", "--param", "N=" + (50..<250).map(String.init).joined(separator: ","),
        "--rounds", "2",
    ]

    @Test("one signal stops after the round in progress and writes the completed cases, marked partial",
          arguments: [SIGINT, SIGTERM])
    func stopsAndWritesCompletedCases(signal: Int32) throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var signalled = Date()
        var sawFirstCase = false
        let outcome = try BenchProcess.run(Self.arguments + ["--output", directory.path]) { process, output, _ in
            // Signal once a case has finished (its table is printed as it
            // ends), however slowly the binary started.
            sawFirstCase = output.wait(for: "cold-load  N=50 ")
            signalled = Date()
            kill(process.processIdentifier, signal)
        }
        #expect(sawFirstCase, "no case finished: \(outcome.error)")
        let stopping = Date().timeIntervalSince(signalled)
        #expect(stopping < 15, "took \(stopping) s to stop")
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

    /// Rounds of sixty seconds, so both signals arrive while the first runs,
    /// even in a sanitizer build that takes seconds to start.
    static let longRound = [
        "--profile", "quick", "--scenario", "background-sync", "--param", "N=200", "--param", "K=20",
        "--param", "hz=60", "--param", "frames=3600", "--rounds", "1",
    ]

    @Test("a second signal quits at once, status 130, leaving no temporary files")
    func secondSignalQuits() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var signalled = Date()
        var sawRound = false
        let outcome = try BenchProcess.run(Self.longRound + ["--output", directory.path]) { process, _, error in
            // The case has started (its line goes to standard error when that
            // is not a terminal), so its first sixty-second round is running.
            sawRound = error.wait(for: "[1/1] background-sync")
            Thread.sleep(forTimeInterval: 0.5)
            kill(process.processIdentifier, SIGINT)
            Thread.sleep(forTimeInterval: 0.2)
            signalled = Date()
            kill(process.processIdentifier, SIGINT)
        }
        #expect(sawRound, "\(outcome.error)")
        #expect(outcome.status == 130, "\(outcome.error)")
        // Long before the round's sixty seconds were up (ThreadSanitizer's
        // exit alone has taken twenty).
        #expect(Date().timeIntervalSince(signalled) < 40)
        #expect(outcome.error.contains("bench: stopped."))
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files)")
    }

    /// N in "interrupted after N of M cases".
    static func completedCount(in line: String) -> Int? {
        guard let range = line.range(of: "interrupted after ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
