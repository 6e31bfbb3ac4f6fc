@testable import BenchResults
import BenchMetrics
import BenchStatistics
import Foundation
import Testing

/// The committed reports come from the code they are committed with: a clean
/// checkout of a commit in this history whose `Sources/` and `Package.swift`
/// equal this checkout's; and what they say holds of their own figures.
@Suite("Committed results describe this code")
struct CommittedResultsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func git(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The runs results/ publishes, each recorded by `scripts/record-results`.
    static let published = ["default", "full"]

    /// The published runs whose figures a test reads in this build. Decoding
    /// results/full's 10 MB results.json into a `RunResult` takes minutes in
    /// a debug build under a sanitizer (its floors, provenance and rendering
    /// tests ended at 1,243, 1,062 and 1,062 s under AddressSanitizer in
    /// CI's run of ec12e23, 123 s without one): there only results/default
    /// is read whole, through the same code. The plain build, which CI
    /// runs first, reads both.
    static let readWhole = Sanitizers.isActive ? ["default"] : published

    /// Committed runs only: `bench` writes a local run to results/PROFILE by
    /// default, and that run is nobody's published figure.
    @Test("every run committed under results/ is one of the published runs these tests check")
    func everyRunIsChecked() throws {
        let tracked = try Self.git(["ls-files", "results"]).output.split(separator: "\n")
        let runs = Set(tracked.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count > 2 ? String(parts[1]) : nil
        })
        #expect(runs.sorted() == Self.published.sorted())
    }

    /// What a run says of where it came from, read without the rest of the
    /// file: checked in every build, sanitized or not.
    struct RunOrigin: Decodable {
        let provenance: Provenance
        let instructionCounting: InstructionProvenance?
    }

    @Test("each published run is of a clean commit in this history with this code", arguments: published)
    func provenanceIsThisCode(_ profile: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("results/\(profile)/results.json"))
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let run = try decoder.decode(RunOrigin.self, from: data)
        let commit = try #require(run.provenance.commit, "results/\(profile) names no commit")
        #expect(try Self.problems(commit: commit, run: "results/\(profile)") == [])
        #expect(run.instructionCounting != nil, "results/\(profile) has no instruction counts")
    }

    /// Why a run of `commit` does not describe this code; empty when it does.
    static func problems(commit: String, run: String) throws -> [String] {
        if commit.hasSuffix("-dirty") { return ["\(run) was measured from a modified tree (\(commit))"] }
        guard try git(["cat-file", "-e", "\(commit)^{commit}"]).status == 0 else {
            return ["\(run) names commit \(commit), which is not in this history"]
        }
        let changed = try git(["diff", "--name-only", commit, "--", "Sources", "Package.swift"])
        guard changed.status == 0, changed.output.isEmpty else {
            return ["\(run) was measured on \(commit); since then these changed: \(changed.output)"]
        }
        return []
    }

    @Test("a dirty commit, one not in this history, and one with other code are refused; this one is not")
    func refusals() throws {
        let head = try Self.git(["rev-parse", "HEAD"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.problems(commit: head + "-dirty", run: "a run").count == 1)
        #expect(try Self.problems(commit: "0123456789abcdef0123456789abcdef01234567", run: "a run").count == 1)
        // The first commit of this history had none of today's code.
        let first = try Self.git(["rev-list", "--max-parents=0", "HEAD"]).output.split(separator: "\n").first.map(String.init)
        #expect(try Self.problems(commit: try #require(first), run: "a run").count == 1)
    }

    @Test("every floor is a lower bound of its operation, by instructions, in every committed run", arguments: readWhole)
    func floorsAreLowerBounds(_ profile: String) throws {
        let directory = Self.root.appendingPathComponent("results/\(profile)")
        let run = try RunResult.read(from: directory.appendingPathComponent("results.json"))
        var compared = 0
        var above: [String] = []
        for result in run.cases {
            for store in result.stores {
                for series in store.metrics where series.metric.kind == .instructions {
                    guard let floorID = series.metric.floor, let floor = store.metric(floorID) else { continue }
                    compared += 1
                    if floor.isShownAbove(series) {
                        above.append("\(result.label) \(store.store): floor \(floor.median) over \(series.median) of \(series.metric.id)")
                    }
                }
            }
        }
        #expect(compared > 0, "results/\(profile) compares no floor with its operation by instructions")
        #expect(above.isEmpty, "results/\(profile): \(above.joined(separator: "; "))")
    }
}
