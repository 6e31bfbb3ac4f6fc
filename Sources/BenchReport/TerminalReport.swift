import BenchResults

/// The end-of-run tables for a terminal: per case, the stores side by side.
public enum TerminalReport {
    public static func render(_ run: RunResult) -> String {
        var output = ""
        for result in run.cases {
            let table = CaseTable(result, stores: run.stores)
            output += "\n\(result.scenario)  \(result.label)  (\(run.rounds) rounds)\n"
            output += aligned([table.header] + table.cells, numericFrom: 2, numericThrough: table.header.count - 2)
        }
        if run.isPartial {
            output += "\nInterrupted: \(run.cases.count) case(s) completed; the results above and the files written hold only those.\n"
        }
        return output
    }

    /// Columns padded to their widest cell; numbers right-aligned.
    static func aligned(_ rows: [[String]], numericFrom first: Int, numericThrough last: Int) -> String {
        guard let columns = rows.first?.count else { return "" }
        let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return (first...last).contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
