import BenchDriver
import BenchResults
import Foundation
import RegressionGate

/// Whether the published runs (results/default, results/full) still describe
/// the code in the tree. They do when they and the baseline recorded with
/// them were measured on one clean commit of this history, and either the
/// tree's code (`Sources/`, `Package.swift`) is that commit's, or a quick
/// run of the tree's code counts what the baseline counted: every exact
/// count exactly, every instruction count within what a rebuild of
/// unchanged code may move it (`MetricKind.rebuildTolerance`), or the
/// spread of the baseline's own runs
/// where that is wider (`GateRules.reproduction`).
/// Otherwise they must be recorded again.
public struct ResultsCheck: Sendable {
    /// The directory holding the published runs and the baseline.
    public var results: String
    /// A quick run with instruction counts of the tree's commit; made now
    /// when nil and the code differs.
    public var current: String?
    /// Where to write the verification when the code differs and passes.
    public var record: String?
    /// A quick run with instruction counts of the published runs' commit,
    /// made on this host: compared with in place of the baseline where the
    /// baseline's instruction counts cannot be (another toolchain, Valgrind
    /// or C library).
    public var measuredHere: String?

    public static let published = ["default", "full"]
    /// What a run measures: the code, and the manifest that builds it.
    static let code = ["Sources", "Package.swift"]

    public init(results: String = "results", current: String? = nil, record: String? = nil, measuredHere: String? = nil)
    {
        self.results = results
        self.current = current
        self.record = record
        self.measuredHere = measuredHere
    }

    /// Checks, printing what it compared; returns the verdict in one line.
    public func run() throws(BenchFailure) -> String {
        let git = Git(directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let root = URL(fileURLWithPath: results)
        var measured: [(name: String, commit: String)] = []
        for profile in Self.published {
            let run = try RunFiles.read(
                root.appendingPathComponent("\(profile)/results.json").path, role: "published run")
            measured.append(("results/\(profile)", try Self.cleanCommit(of: run, named: "results/\(profile)", in: git)))
        }
        let baselinePath = root.appendingPathComponent("baseline.json").path
        let baseline = try RunFiles.read(baselinePath, role: "baseline")
        measured.append(("the baseline", try Self.cleanCommit(of: baseline, named: "the baseline", in: git)))

        let commit = measured[0].commit
        for other in measured.dropFirst() {
            guard let changed = git.changedFiles(from: commit, to: other.commit, under: Self.code) else {
                throw .failure("git could not compare \(commit) with \(other.commit)")
            }
            guard changed.isEmpty else {
                throw .unusable(
                    "\(measured[0].name) was measured on \(commit) and \(other.name) on \(other.commit), "
                        + "whose code differs (\(changed.prefix(3).joined(separator: ", ")), ...): record the published runs "
                        + "and the baseline from one commit (scripts/record-results default and full, scripts/record-baseline)"
                )
            }
        }
        guard let changed = git.changedFiles(from: commit, under: Self.code) else {
            throw .failure("git could not compare \(commit) with the working tree")
        }
        if changed.isEmpty {
            return "The published runs are current: they were measured on \(commit), whose code is this tree's."
        }
        print(
            "The code has changed since the published runs were measured on \(commit) "
                + "(\(changed.count) files: \(changed.prefix(5).joined(separator: ", "))\(changed.count > 5 ? ", ..." : "")). "
                + "Does it still count what they counted?")
        let quick = try quickRun(git: git)
        let reference = try measuredHere.map { path throws(BenchFailure) in try Self.runHere(path, of: commit) }
        let report: GateReport
        do {
            report = try Gate(baseline: measuredHere ?? baselinePath, question: .reproduction)
                .check(quick, against: reference ?? baseline)
        } catch  where error.kind == .regression {
            throw BenchFailure(
                .regression,
                "\(error.message). Record the published runs and the baseline again on "
                    + "this code: scripts/record-results default, scripts/record-results full, scripts/record-baseline")
        }
        let verification = ResultsVerification(
            measuredCommit: commit, checkedCommit: quick.provenance.commit ?? "unknown",
            countsCompared: report.rows.count, date: ISO8601DateFormatter().string(from: Date()))
        if let record {
            do {
                try AtomicFile.write(verification.json(), to: URL(fileURLWithPath: record))
            } catch {
                throw .failure("\(error)")
            }
        }
        let instructions = report.rows.filter { $0.metric?.kind == .instructions }.count
        return "The published runs are current: the code of \(verification.checkedCommit) counts what \(commit) "
            + "counted\(reference == nil ? "" : " on this host") (\(verification.countsCompared) counts compared, "
            + "\(instructions) of them instruction counts; none moved further than a rebuild moves it)."
            + (record.map { " Wrote \($0)." } ?? "")
    }

    /// The quick run of this tree: the one given, checked to be of this
    /// commit, or one made now.
    private func quickRun(git: Git) throws(BenchFailure) -> RunResult {
        if let current {
            let run = try RunFiles.read(current, role: "current run")
            guard run.profile == Profile.quick.rawValue, run.instructionCounting != nil else {
                throw .unusable(
                    "\(current) is not a quick run with instruction counts (bench --profile quick --instructions)")
            }
            guard let head = git.head, run.provenance.commit == head else {
                throw .unusable(
                    "\(current) was measured on \(run.provenance.commit ?? "an unknown commit"), not on "
                        + "this tree's commit \(git.head ?? "unknown") with a clean tree")
            }
            return run
        }
        guard !git.hasUncommittedChanges else {
            throw .usage("the tree has uncommitted changes: commit them, then check the results")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try Benchmark(request: RunRequest(profile: .quick), countsInstructions: true, output: directory.path)
            .run()
    }

    /// The run made here of the published commit, checked to be one.
    private static func runHere(_ path: String, of commit: String) throws(BenchFailure) -> RunResult {
        let run = try RunFiles.read(path, role: "run of the published commit")
        guard run.profile == Profile.quick.rawValue, run.instructionCounting != nil else {
            throw .unusable("\(path) is not a quick run with instruction counts (bench --profile quick --instructions)")
        }
        guard run.provenance.commit == commit else {
            throw .unusable(
                "\(path) was measured on \(run.provenance.commit ?? "an unknown commit"), not on \(commit), "
                    + "which the published runs were measured on")
        }
        return run
    }

    /// The clean commit of this history a run was measured on.
    private static func cleanCommit(of run: RunResult, named name: String, in git: Git) throws(BenchFailure) -> String {
        guard let commit = run.provenance.commit else { throw .unusable("\(name) names no commit") }
        guard !commit.hasSuffix("-dirty") else {
            throw .unusable("\(name) was measured from a modified tree (\(commit)); record it from a clean checkout")
        }
        guard git.contains(commit) else {
            throw .unusable("\(name) names commit \(commit), which is not in this history")
        }
        return commit
    }
}
