import BenchResults

/// The end-of-run tables for a terminal: per case, the stores side by side.
public enum TerminalReport {
    public static func render(_ run: RunResult) -> String {
        run.cases.map { render($0, stores: run.stores, rounds: run.rounds) }.joined() + trailer(run)
    }

    /// One case's table, printed as soon as the case ends.
    public static func render(_ result: CaseResult, stores: [String], rounds: Int) -> String {
        let table = CaseTable(result, stores: stores)
        return "\n\(result.scenario)  \(result.label)  (\(rounds) rounds)\n"
            + aligned([table.header] + table.cells, numericFrom: 2, numericThrough: table.header.count - 2)
            + result.notRun.map { "not run past the budget: \($0.store) (it missed the budget at \($0.missedAt))\n" }
            .joined()
    }

    /// What follows the tables: a note when the run was interrupted.
    public static func trailer(_ run: RunResult) -> String {
        guard run.isPartial else { return "" }
        return
            "\nInterrupted: \(run.cases.count) case(s) completed; the results above and the files written hold only those.\n"
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
