import BenchResults
import Foundation

/// Everything a report consists of besides `results.json`: `report.md`, its
/// charts, the CSV and the github-action-benchmark JSON. Rendered from a
/// `RunResult` and a `ReportContext` only, so regenerating from a saved
/// `results.json` gives the same bytes.
public enum ReportFiles {
    static let chartDirectory = "charts"

    /// Relative path → contents, in a stable order.
    public static func render(
        _ run: RunResult, context: ReportContext, verification: ResultsVerification? = nil,
        otherProfile: RunResult? = nil
    ) -> [(path: String, contents: Data)] {
        let sweeps = Sweep.all(in: run, context: context)
        let report = MarkdownReport.render(
            run, context: context, sweeps: sweeps, verification: verification, otherProfile: otherProfile)
        var files: [(path: String, contents: Data)] = [
            ("report.md", Data(report.utf8)),
            ("verdicts.json", VerdictsFile(run, context: context).json()),
            ("results.csv", run.csv()),
            ("github-benchmark.json", GitHubBenchmarkExport.json(run)),
        ]
        for sweep in sweeps {
            files.append(
                (
                    "\(chartDirectory)/\(sweep.fileName)",
                    Data(sweep.chart(rounds: run.rounds, context: context).svg().utf8)
                ))
        }
        for claim in ClaimCharts.all(run, context: context) {
            files.append(("\(chartDirectory)/\(claim.fileName)", Data(claim.chart.svg().utf8)))
        }
        return files
    }

    /// Writes every file atomically into `directory`, and removes charts an
    /// earlier report left there that this one does not have. Returns what it
    /// wrote, for a message: "report.md, results.csv, ... and 12 charts".
    @discardableResult
    public static func write(
        _ run: RunResult, context: ReportContext, verification: ResultsVerification? = nil,
        otherProfile: RunResult? = nil, to directory: URL
    ) throws(OutputError) -> String {
        let files = render(run, context: context, verification: verification, otherProfile: otherProfile)
        let charts = directory.appendingPathComponent(chartDirectory)
        if files.contains(where: { $0.path.hasPrefix(chartDirectory + "/") }) {
            try AtomicFile.prepareDirectory(charts)
        }
        for file in files {
            try AtomicFile.write(file.contents, to: directory.appendingPathComponent(file.path))
        }
        let current = Set(files.map { URL(fileURLWithPath: $0.path).lastPathComponent })
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: charts.path)) ?? []
        for name in existing where name.hasSuffix(".svg") && !current.contains(name) {
            try? FileManager.default.removeItem(at: charts.appendingPathComponent(name))
        }
        let chartCount = files.count { $0.path.hasPrefix(chartDirectory + "/") }
        return files.filter { !$0.path.hasPrefix(chartDirectory + "/") }.map(\.path).joined(separator: ", ")
            + (chartCount > 0 ? " and \(chartCount) charts" : "")
    }
}
