import BenchDriver
import BenchReport
import BenchResults
import Foundation

/// What `bench` does with runs already saved: render their report again,
/// pool several runs of one plan, join runs of parts of one plan.
public enum SavedRuns {
    /// Renders report.md, its charts, verdicts.json, the CSV and
    /// github-benchmark.json of the run at `input` into `output` (by default
    /// beside the input); returns what was written and where.
    /// With `driftFrom`, another run of the same build, every figure's
    /// drift from it widens its interval, as in `bench run --drift-from`.
    /// With `verification` (`bench check-results --record`), the header says
    /// the code changed since and its counts did not. With `readme`, the
    /// README's marked sections are rendered again from this run. With
    /// `otherProfile`, another profile's run of the same commit, each claim
    /// whose verdict reads otherwise there says why.
    public static func report(
        input: String, output: String?, driftFrom: String? = nil, verification: String? = nil, readme: String? = nil,
        otherProfile: String? = nil
    ) throws(BenchFailure) -> String {
        var result = try RunFiles.read(input, role: "run")
        if let driftFrom {
            let twin = try RunFiles.read(driftFrom, role: "--drift-from run")
            do {
                result = try result.recordingDrift(from: twin)
            } catch {
                throw .unusable("--drift-from: \(error)")
            }
        }
        let verified = try verification.map { path throws(BenchFailure) in try readVerification(path, of: result) }
        let other = try otherProfile.map { path throws(BenchFailure) in try readOtherProfile(path, beside: result) }
        let directory =
            output.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: input).deletingLastPathComponent()
        try RunFiles.prepareDirectory(directory, option: "--output")
        var written = try RunFiles.writeReport(result, verification: verified, otherProfile: other, to: directory)
        if let readme {
            try updateReadme(readme, from: result)
            written += " and \(readme)'s results sections"
        }
        return "Wrote \(written) to \(directory.path)."
    }

    /// The run at `path`, when it is another profile's run of `run`'s commit:
    /// verdicts of other code would differ by the code too.
    private static func readOtherProfile(_ path: String, beside run: RunResult) throws(BenchFailure) -> RunResult {
        let other = try RunFiles.read(path, role: "--other-profile run")
        guard other.profile != run.profile else {
            throw .usage(
                "--other-profile: \(path) is a run of the \(run.profile) profile too; give another profile's run")
        }
        guard let commit = run.provenance.commit, other.provenance.commit == commit else {
            throw .unusable(
                "--other-profile: \(path) is of commit \(other.provenance.commit ?? "unknown"), this run of "
                    + "\(run.provenance.commit ?? "an unknown commit"): their verdicts would differ by the code too")
        }
        return other
    }

    private static func readVerification(_ path: String, of run: RunResult) throws(BenchFailure) -> ResultsVerification
    {
        let verification: ResultsVerification
        do {
            verification = try ResultsVerification.read(from: URL(fileURLWithPath: path))
        } catch {
            throw .unusable("--verification: \(error)")
        }
        guard verification.measuredCommit == run.provenance.commit else {
            throw .unusable(
                "--verification: \(path) verifies runs of \(verification.measuredCommit), this run is of "
                    + "\(run.provenance.commit ?? "an unknown commit")")
        }
        return verification
    }

    private static func updateReadme(_ path: String, from run: RunResult) throws(BenchFailure) {
        let url = URL(fileURLWithPath: path)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw .unusable("--readme: cannot read \(path)")
        }
        do {
            let updated = try ReadmeSections.update(text, from: run, context: .scenarios)
            try AtomicFile.write(Data(updated.utf8), to: url)
        } catch {
            throw .unusable("--readme: \(error)")
        }
    }

    /// Pools `runs` (results.json files of one plan) into one at `destination`.
    public static func merge(_ runs: [String], into destination: String) throws(BenchFailure) -> String {
        guard runs.count >= 2 else { throw .usage("merge needs at least two results.json files, got \(runs.count)") }
        try RunFiles.prepareFile(destination, option: "--into")
        var results: [RunResult] = []
        for path in runs { results.append(try RunFiles.read(path, role: "run")) }
        let merged: RunResult
        do {
            merged = try RunResult.merging(results)
        } catch {
            throw .unusable("\(error)")
        }
        try RunFiles.write(merged, to: destination)
        return "Merged \(runs.count) runs (\(merged.rounds) rounds per case and store) into \(destination)."
    }

    /// Joins runs of different scenarios of one profile (results.json
    /// files, a piece each) into one run at `destination`, as
    /// `RunResult.joining` joins them: together they must hold the
    /// profile's whole plan for their stores, each case once; the joined
    /// run lists the cases in the plan's order.
    public static func join(_ runs: [String], into destination: String) throws(BenchFailure) -> String {
        guard !runs.isEmpty else { throw .usage("join needs at least one results.json file") }
        try RunFiles.prepareFile(destination, option: "--into")
        var results: [RunResult] = []
        for path in runs { results.append(try RunFiles.read(path, role: "run")) }
        guard let profile = Profile(rawValue: results[0].profile) else {
            throw .unusable(
                "\(runs[0]) is a run of the \(results[0].profile) profile; only runs of a named profile join")
        }
        let plan = try RunRequest(profile: profile).plan().cases.map(\.key)
        let position = Dictionary(plan.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        results.sort { (position[$0.cases.first?.key ?? ""] ?? .max) < (position[$1.cases.first?.key ?? ""] ?? .max) }
        let joined: RunResult
        do {
            joined = try RunResult.joining(results)
        } catch {
            throw .unusable("\(error)")
        }
        let keys = joined.cases.map(\.key)
        guard keys == plan else {
            let present = Set(keys)
            if let missing = plan.first(where: { !present.contains($0) }) {
                throw .unusable(
                    "the runs lack \(plan.count - present.intersection(plan).count) of the \(profile) profile's "
                        + "\(plan.count) cases, among them \(missing)")
            }
            if let foreign = keys.first(where: { position[$0] == nil }) {
                throw .unusable("case \(foreign) is not one of the \(profile) profile's")
            }
            throw .unusable("a run's cases are not in the \(profile) profile's order: split runs by scenario")
        }
        try RunFiles.write(joined, to: destination)
        let pieces = joined.pieces?.count ?? 1
        return "Joined \(pieces) runs (\(joined.cases.count) cases of the \(profile) profile) into \(destination)."
    }

    /// The verdict lines of two runs' verdicts.json side by side: how many of
    /// them differ, and each that does.
    public static func compareVerdicts(_ first: String, _ second: String) throws(BenchFailure) -> String {
        let one = try readVerdicts(first), two = try readVerdicts(second)
        let total = max(one.lines.count, two.lines.count)
        var differing: [String] = []
        for index in 0..<total {
            let a = index < one.lines.count ? one.lines[index] : "(none)"
            let b = index < two.lines.count ? two.lines[index] : "(none)"
            if a != b { differing.append("- \(a)\n+ \(b)") }
        }
        return (["\(differing.count) of \(total) verdict lines differ"] + differing).joined(separator: "\n")
    }

    private static func readVerdicts(_ path: String) throws(BenchFailure) -> VerdictsFile {
        do {
            return try VerdictsFile.read(from: URL(fileURLWithPath: path))
        } catch {
            throw .unusable("\(error)")
        }
    }
}
