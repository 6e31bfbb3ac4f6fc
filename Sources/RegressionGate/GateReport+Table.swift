import BenchResults
import Foundation

extension GateReport {
    /// Every gated metric with baseline, current, change and verdict, then
    /// the regressions again, then one line of totals.
    public func table() -> String {
        var lines = [["case", "store", "metric", "gate", "baseline", "current", "change", "verdict"]]
        for row in rows {
            lines.append([
                row.caseLabel, row.store, row.subjectLabel, row.treatment.rawValue,
                row.baseline.map(Self.number) ?? "–", row.current.map(Self.number) ?? "–",
                row.change.map { String(format: "%+.1f%%", $0 * 100) } ?? "–",
                row.verdict.rawValue + (row.pValue.map { String(format: " (p=%.2g)", $0) } ?? ""),
            ])
        }
        var text = Self.aligned(lines)
        if !regressions.isEmpty {
            text +=
                (regressions.allSatisfy { $0.verdict == .moved } ? "\nMoved:\n" : "\nRegressed:\n")
                + regressions.map(Self.line).joined()
        }
        let unconfirmed = rows.filter { $0.verdict == .unconfirmed }
        if !unconfirmed.isEmpty {
            text +=
                "\nRegressed in the run, not in a second measurement of the case (the host's load, not the code):\n"
                + unconfirmed.map(Self.line).joined()
        }
        for warning in warnings { text += "\nwarning: \(warning)" }
        if !gates.isEmpty {
            text += "\nGates applied:\n" + gates.map { "  \($0)\n" }.joined()
        }
        let moved = count(.moved) > 0 ? ", \(count(.moved)) moved" : ""
        let vanished = count(.vanished) > 0 ? ", \(count(.vanished)) fell to zero" : ""
        let cleared = count(.unconfirmed) > 0 ? ", \(count(.unconfirmed)) not confirmed" : ""
        text +=
            "\n\(count(.regressed)) regressed\(moved)\(vanished)\(cleared), \(count(.missing)) missing, \(count(.improved)) improved, "
        text += "\(count(.unchanged)) unchanged; \(reportedOnly) reported but not gated.\n"
        return text
    }

    /// "  case, store: label 333.3 → 1570 µs (+371.0%)", and the second
    /// measurement's median where there was one.
    private static func line(_ row: Row) -> String {
        let change = row.change.map { String(format: " (%+.1f%%)", $0 * 100) } ?? ""
        let values = row.baseline.map { "\(number($0)) → \(row.current.map(number) ?? "–")" } ?? ""
        var again = ""
        if let baseline = row.baseline, let remeasured = row.remeasured, baseline != 0 {
            again =
                "; measured again: \(number(remeasured))"
                + String(format: " (%+.1f%%)", (remeasured / baseline - 1) * 100)
        }
        guard let metric = row.metric else { return "  \(row.caseLabel), \(row.store): \(row.subjectLabel)\n" }
        return "  \(row.caseLabel), \(row.store): \(metric.label) \(values) \(metric.unit)\(change)\(again)\n"
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
        let widths = (0..<(rows.first?.count ?? 0)).map { column in
            rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { cells in
            cells.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }
}
