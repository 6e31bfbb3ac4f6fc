import BenchResults

/// What a chooser trades for speed, every store side by side: memory, and
/// the correctness each design keeps or gives up (`ReportContext.tradeOffs`).
enum TradeOffs {
    static func render(_ run: RunResult, context: ReportContext) -> String {
        var rows: [[String]] = []
        for figure in context.tradeOffs {
            guard
                let result = run.cases.first(where: { result in
                    result.scenario == figure.scenario
                        && figure.parameters.allSatisfy { result.parameters[$0.key] == $0.value }
                })
            else { continue }
            let cells = run.stores.map { store in
                result.store(store)?.metric(figure.metric).map { NumberFormat.value($0.median) } ?? "–"
            }
            rows.append([figure.label, result.title] + cells)
        }
        guard !rows.isEmpty else { return "" }
        return "\nWhat each store trades for its speed (medians; correctness figures are not failures unless a "
            + "check says so, they are what each design gives):\n\n"
            + MarkdownReport.table(["figure", "case"] + run.stores, rows, textColumns: 2)
    }
}
