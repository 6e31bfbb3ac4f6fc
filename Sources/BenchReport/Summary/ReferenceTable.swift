import BenchResults

/// Published figures beside this run's for the same shapes (Rocket Data's
/// performance tests), in milliseconds.
enum ReferenceTable {
    static func render(_ run: RunResult, scenario: String, context: ReportContext) -> String {
        var rows: [[String]] = []
        for reference in context.references where reference.scenario == scenario {
            guard let result = run.cases.first(where: reference.matches), let id = MarkdownReport.headlineMetric(result),
                let metric = result.descriptor(id) else { continue }
            let ours = run.stores.map { store -> String in
                guard let median = result.store(store)?.metric(id)?.median else { return "–" }
                return TimeUnits.convert(median, from: metric.unit, to: "ms").map(NumberFormat.value) ?? "–"
            }
            rows.append([reference.name, NumberFormat.value(reference.publishedSeconds * 1_000)] + ours)
        }
        guard !rows.isEmpty else { return "" }
        var text = "### Rocket Data's reference shapes\n\n"
        text += MarkdownReport.table(["shape", "Rocket Data published (ms)"] + run.stores.map { "\($0) (ms, p50)" }, rows,
                                     textColumns: 1)
        if !context.referenceNote.isEmpty { text += "\n" + context.referenceNote + "\n" }
        return text + "\n"
    }
}
