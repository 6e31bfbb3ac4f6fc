import BenchReport
import BenchResults
import Foundation
import RegressionGate

/// The cases whose timings alone regressed in a gated run, as the `bench run`
/// arguments that measure each again with only the stores that regressed in
/// it: one line per case, `--scenario S --param P=V ... --store X`. The
/// arguments are the baseline's commit's as much as this build's, so
/// scripts/gate runs the two builds on them side by side.
struct TimingRegressionCases {
    /// One line of arguments per case, in the order of the run's cases.
    let lines: [String]

    /// - Complexity: O(c + r) for c cases in `result` and r rows in `report`.
    init(_ report: GateReport, of result: RunResult) {
        var stores: [String: Set<String>] = [:]
        for row in report.timingRegressions { stores[row.caseKey, default: []].insert(row.store) }
        lines = result.cases.compactMap { measured in
            guard let regressed = stores[measured.key] else { return nil }
            let parameters = measured.parameters.sorted { $0.key < $1.key }.map { "--param \($0.key)=\($0.value)" }
            let names = result.designs.map(\.name).filter(regressed.contains).map { "--store \($0)" }
            return (["--scenario \(measured.scenario)"] + parameters + names).joined(separator: " ")
        }
    }

    /// Writes the lines to `Gate.timingRegressionsFile` in `directory`, atomically.
    func write(into directory: URL) throws(BenchFailure) {
        let url = directory.appendingPathComponent(Gate.timingRegressionsFile)
        do {
            try AtomicFile.write(Data(lines.map { $0 + "\n" }.joined().utf8), to: url)
        } catch {
            throw .failure("\(error)")
        }
    }
}
