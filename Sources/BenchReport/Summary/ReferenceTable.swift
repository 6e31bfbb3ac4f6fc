import BenchResults

/// Published figures beside this run's for the same shapes (Rocket Data's
/// performance tests), in milliseconds.
enum ReferenceTable {
    static func render(_ run: RunResult, scenario: String, context: ReportContext) -> String {
        var rows: [[String]] = []
        for reference in context.references where reference.scenario == scenario {
            guard let result = run.cases.first(where: reference.matches),
                let id = MarkdownReport.headlineMetric(result),
                let metric = result.descriptor(id)
            else { continue }
            let ours = run.stores.map { store -> String in
                guard let median = result.store(store)?.metric(id)?.median else { return "–" }
                return MetricUnit.convert(median, from: metric.unit, to: .milliseconds).map(NumberFormat.value) ?? "–"
            }
            rows.append([reference.name] + reference.published.map { NumberFormat.value($0.seconds * 1_000) } + ours)
        }
        guard !rows.isEmpty else { return "" }
        let devices = context.references.first { $0.scenario == scenario }?.published.map(\.device) ?? []
        var text = "### Rocket Data's reference shapes\n\n"
        text += MarkdownReport.table(
            ["shape"] + devices.map { "published, \($0) (ms)" } + run.stores.map { "\($0) (ms, p50)" },
            rows, textColumns: 1)
        if !context.referenceNote.isEmpty { text += "\n" + context.referenceNote + "\n" }
        return text + "\n"
    }
}
