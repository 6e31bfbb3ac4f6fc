import BenchMetrics
import BenchStatistics
import BenchTestSupport
import Foundation
import Testing

@testable import BenchResults

/// The published runs are measured from a clean commit of this history, one
/// for all of them and the baseline; what they say holds of their own
/// figures. Whether the code in the tree still counts what they counted is
/// `bench check-results`'s question, asked in CI.
@Suite("Committed results")
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

    /// A test that reads a published run whole runs in the plain build
    /// only, which CI runs first. Under a sanitizer a debug build takes
    /// many minutes to decode one (the tests reading results/full's 10 MB
    /// finished 1,062–1,243 s into a run under AddressSanitizer, 123 s into
    /// one without; results/default's is more than half that size), and
    /// what these tests check is the committed data, which a sanitizer does
    /// not see differently: the report code they run is run under the
    /// sanitizers by the tests that render a small run.
    static let readsPublishedRunsWhole = ConditionTrait.disabled(
        if: Sanitizers.isActive, "reads a published run whole: the plain build checks it")

    /// Committed runs only: `bench` writes a local run to results/PROFILE by
    /// default, and that run is nobody's published figure.
    @Test("every run committed under results/ is one of the published runs these tests check")
    func everyRunIsChecked() throws {
        let tracked = try Self.git(["ls-files", "results"]).output.split(separator: "\n")
        let runs = Set(
            tracked.compactMap { path -> String? in
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

    /// The commit a published file was measured on, read without the rest
    /// of the file.
    static func measuredCommit(_ path: String) throws -> String? {
        let data = try Data(contentsOf: Self.root.appendingPathComponent(path))
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let run = try decoder.decode(RunOrigin.self, from: data)
        #expect(run.instructionCounting != nil, "\(path) has no instruction counts")
        return run.provenance.commit
    }

    /// The published runs and the baseline describe one version of the code:
    /// what `bench check-results` compares the tree's code with. Whether the
    /// tree's code still counts what they counted is that check's question,
    /// not a test's: a test checks the code, not the age of the results.
    @Test("the published runs and the baseline were measured on one clean commit of this history")
    func oneMeasuredCode() throws {
        let files = Self.published.map { "results/\($0)/results.json" } + ["results/baseline.json"]
        let commits = try files.map { file in
            (file, try #require(try Self.measuredCommit(file), "\(file) names no commit"))
        }
        for (file, commit) in commits {
            #expect(try Self.problems(commit: commit, run: file) == [])
        }
        let first = commits[0]
        for (file, commit) in commits.dropFirst() {
            let changed = try Self.git(["diff", "--name-only", first.1, commit, "--", "Sources", "Package.swift"])
            #expect(
                changed.status == 0 && changed.output.isEmpty,
                "\(file) was measured on other code than \(first.0): \(changed.output)")
        }
    }

    /// Why a run of `commit` cannot be published; empty when it can.
    static func problems(commit: String, run: String) throws -> [String] {
        if commit.hasSuffix("-dirty") { return ["\(run) was measured from a modified tree (\(commit))"] }
        guard try git(["cat-file", "-e", "\(commit)^{commit}"]).status == 0 else {
            return ["\(run) names commit \(commit), which is not in this history"]
        }
        return []
    }

    @Test("a dirty commit and one not in this history are refused; this one is not")
    func refusals() throws {
        let head = try Self.git(["rev-parse", "HEAD"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.problems(commit: head + "-dirty", run: "a run").count == 1)
        #expect(try Self.problems(commit: "0123456789abcdef0123456789abcdef01234567", run: "a run").count == 1)
        #expect(try Self.problems(commit: head, run: "a run") == [])
    }

    /// The table of what the gate catches states the rules as the code
    /// applies them to the committed baseline: `scripts/record-baseline`
    /// writes it beside the baseline, and a change to the rules shows here.
    @Test(
        "docs/GATE-TOLERANCES.md is what bench tolerances makes of the committed baseline",
        Self.readsPublishedRunsWhole)
    func toleranceTableIsCurrent() throws {
        let outcome = try BenchProcess.run([
            "tolerances", "--baseline", Self.root.appendingPathComponent("results/baseline.json").path,
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        let committed = try String(
            contentsOf: Self.root.appendingPathComponent("docs/GATE-TOLERANCES.md"), encoding: .utf8)
        #expect(
            committed == outcome.output,
            "run scripts/record-baseline, or bench tolerances --baseline results/baseline.json > docs/GATE-TOLERANCES.md"
        )
    }

    /// A verification, when there is one, speaks of the published runs and
    /// of a later clean commit of this history.
    @Test("the recorded verification is of the published runs' commit, by a later commit")
    func verificationIsOfTheseRuns() throws {
        let file = Self.root.appendingPathComponent("results/verification.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        let verification = try ResultsVerification.read(from: file)
        #expect(try Self.measuredCommit("results/default/results.json") == verification.measuredCommit)
        #expect(try Self.problems(commit: verification.checkedCommit, run: "the verification") == [])
        let ancestry = try Self.git([
            "merge-base", "--is-ancestor", verification.measuredCommit, verification.checkedCommit,
        ])
        #expect(
            ancestry.status == 0, "\(verification.checkedCommit) does not descend from \(verification.measuredCommit)")
    }

    @Test(
        "every floor is a lower bound of its operation, by instructions, in every committed run",
        readsPublishedRunsWhole, arguments: published)
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
                        above.append(
                            "\(result.label) \(store.store): floor \(floor.median) over \(series.median) of \(series.metric.id)"
                        )
                    }
                }
            }
        }
        #expect(compared > 0, "results/\(profile) compares no floor with its operation by instructions")
        #expect(above.isEmpty, "results/\(profile): \(above.joined(separator: "; "))")
    }
}

extension CommittedResultsTests {
    /// What a reader sees of a chart: every label on the canvas, none over another.
    @Test("every committed chart keeps its text on the canvas and clear of other text", arguments: published)
    func chartsAreReadable(_ profile: String) throws {
        let charts = Self.root.appendingPathComponent("results/\(profile)/charts")
        let files = try FileManager.default.contentsOfDirectory(atPath: charts.path).filter { $0.hasSuffix(".svg") }
            .sorted()
        #expect(!files.isEmpty)
        var problems: [String] = []
        for file in files {
            let svg = try String(contentsOf: charts.appendingPathComponent(file), encoding: .utf8)
            let layout = try #require(ChartLayout(svg: svg), "\(file) is not an SVG of this report")
            problems += layout.problems.map { "\(file): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(12).joined(separator: "\n"))")
    }
}
