import BenchResults
import Foundation

extension GateReport {
    /// Every gated metric with baseline, current, change and verdict, then
    /// the regressions again, then one line of totals.
    public func table() -> String {
        var lines = [["case", "store", "metric", "gate", "baseline", "current", "change", "verdict"]]
        for row in rows {
            let metric = row.metric.unit.isEmpty ? row.metric.label : "\(row.metric.label) (\(row.metric.unit))"
            lines.append([
                row.caseLabel, row.store, metric, row.treatment.rawValue,
                row.baseline.map(Self.number) ?? "–", row.current.map(Self.number) ?? "–",
                row.change.map { String(format: "%+.1f%%", $0 * 100) } ?? "–",
                row.verdict.rawValue + (row.pValue.map { String(format: " (p=%.2g)", $0) } ?? ""),
            ])
        }
        var text = Self.aligned(lines)
        if !regressions.isEmpty {
            text += "\nRegressed:\n"
            for row in regressions {
                let change = row.change.map { String(format: " (%+.1f%%)", $0 * 100) } ?? ""
                let values = row.baseline.map { "\(Self.number($0)) → \(row.current.map(Self.number) ?? "–")" } ?? ""
                text += "  \(row.caseLabel), \(row.store): \(row.metric.label) \(values) \(row.metric.unit)\(change)\n"
            }
        }
        for warning in warnings { text += "\nwarning: \(warning)" }
        if !gates.isEmpty {
            text += "\nGates applied:\n" + gates.map { "  \($0)\n" }.joined()
        }
        let vanished = count(.vanished) > 0 ? ", \(count(.vanished)) fell to zero" : ""
        text += "\n\(count(.regressed)) regressed\(vanished), \(count(.missing)) missing, \(count(.improved)) improved, "
        text += "\(count(.unchanged)) unchanged; \(reportedOnly) reported but not gated.\n"
        return text
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.4g", value)
    }

    /// Rows of cells in columns as wide as their widest cell. Cells stay
    /// cells: a label that contains " | " (a file may hold any) once split
    /// into more columns than the header has, and the table trapped.
    private static func aligned(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { cells in
            cells.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }
}
