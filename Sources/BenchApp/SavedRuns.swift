import BenchResults
import Foundation

/// What `bench` does with runs already saved: render their report again,
/// pool several into one.
public enum SavedRuns {
    /// Renders report.md, its charts, the CSV and github-benchmark.json of
    /// the run at `input` into `output` (by default beside the input);
    /// returns what was written and where.
    /// With `driftFrom`, another run of the same build, every figure's
    /// drift from it widens its interval, as in `bench run --drift-from`.
    public static func report(input: String, output: String?, driftFrom: String? = nil) throws(BenchFailure) -> String {
        var result = try RunFiles.read(input, role: "run")
        if let driftFrom {
            let twin = try RunFiles.read(driftFrom, role: "--drift-from run")
            do {
                result = try result.recordingDrift(from: twin)
            } catch {
                throw .unusable("--drift-from: \(error)")
            }
        }
        let directory = output.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: input).deletingLastPathComponent()
        try RunFiles.prepareDirectory(directory, option: "--output")
        let written = try RunFiles.writeReport(result, to: directory)
        return "Wrote \(written) to \(directory.path)."
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
}
