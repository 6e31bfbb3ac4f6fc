import BenchResults

/// The table a chooser reads first: one row per store, its family and the
/// system it models, what a user waits for on it (`ReportContext.decisions`)
/// and how far each change scales before it no longer fits a frame on this
/// host (`ReportContext.scaling`, from the run's sweeps).
enum DecisionTable {
    /// Both parts as one table, with the cases they were read from.
    static func render(_ run: RunResult, context: ReportContext) -> String {
        let costs = costColumns(run, context: context), scaling = scalingColumns(run, context: context)
        guard !costs.isEmpty || !scaling.isEmpty else { return "" }
        var text = "## Decision table\n\n"
        text += "Per store, what a user waits for (median time on this host, with instructions per operation where "
        text += "they were counted), what the design gives up, and how far each change grows before its median no "
        text += "longer fits a 60 Hz frame on this host. An upper bound bounds its family; it is no contender.\n\n"
        text += table(run, costs + scaling)
        text += notes(costs + scaling)
        return text
    }

    /// The costs alone, for a README quoting a default run.
    static func costs(_ run: RunResult, context: ReportContext) -> String {
        let columns = costColumns(run, context: context)
        return columns.isEmpty ? "" : table(run, columns) + notes(columns)
    }

    /// The scaling alone, for a README quoting a full run's sweeps.
    static func scaling(_ run: RunResult, context: ReportContext) -> String {
        let columns = scalingColumns(run, context: context)
        return columns.isEmpty ? "" : table(run, columns) + notes(columns)
    }

    /// A column: its heading, the case it was read from, a cell per store.
    private struct Column {
        let heading: String
        let source: String
        let cells: [String: String]
    }

    private static func table(_ run: RunResult, _ columns: [Column]) -> String {
        let rows = run.designs.map { design -> [String] in
            let system = design.modelledOn.map { String($0.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces) }
            return [design.labelledName, design.family.rawValue, system ?? "–"] + columns.map { $0.cells[design.name] ?? "–" }
        }
        return MarkdownReport.table(["store", "family", "modelled on"] + columns.map(\.heading), rows, textColumns: 3)
    }

    private static func notes(_ columns: [Column]) -> String {
        "\nRead from: " + columns.map { "\($0.heading): \($0.source)" }.joined(separator: "; ") + ".\n"
    }

    private static func costColumns(_ run: RunResult, context: ReportContext) -> [Column] {
        context.decisions.compactMap { figure in
            guard let result = run.cases.first(where: { result in
                result.scenario == figure.scenario
                    && figure.parameters.allSatisfy { result.parameters[$0.key] == $0.value }
            }), let metric = result.descriptor(figure.metric) else { return nil }
            let counted = result.deciding(figure.metric)
            var cells: [String: String] = [:]
            for store in run.stores {
                guard let series = result.store(store)?.metric(figure.metric) else { continue }
                var cell = Mechanism.quantity(series.median, unit: metric.unit)
                if counted != figure.metric, let count = result.store(store)?.metric(counted) {
                    cell += " · \(ChartAxis.label(count.median)) instr"
                }
                cells[store] = cell
            }
            return Column(heading: figure.label, source: result.title, cells: cells)
        }
    }

    private static func scalingColumns(_ run: RunResult, context: ReportContext) -> [Column] {
        context.scaling.compactMap { figure in
            let cases = run.cases.filter { result in
                result.scenario == figure.scenario && result.parameters[figure.parameter] != nil
                    && figure.parameters.allSatisfy { result.parameters[$0.key] == $0.value }
            }.sorted { $0.parameters[figure.parameter]! < $1.parameters[figure.parameter]! }
            guard let first = cases.first, let unit = first.descriptor(figure.metric)?.unit,
                  let budget = TimeUnits.convert(figure.budgetSeconds, from: "s", to: unit) else { return nil }
            var cells: [String: String] = [:]
            for store in run.stores {
                let sizes = cases.compactMap { result -> (size: Int, fits: Bool)? in
                    result.store(store)?.metric(figure.metric).map { (result.parameters[figure.parameter]!, $0.median <= budget) }
                }
                guard let smallest = sizes.first, let largest = sizes.last else { continue }
                // The largest size before the first that does not fit.
                let fitting = sizes.prefix { $0.fits }
                cells[store] = if fitting.count == sizes.count {
                    "≥ \(NumberFormat.grouped(Double(largest.size))) (all run)"
                } else if let last = fitting.last {
                    NumberFormat.grouped(Double(last.size))
                } else {
                    "< \(NumberFormat.grouped(Double(smallest.size)))"
                }
            }
            let values = cases.map { NumberFormat.grouped(Double($0.parameters[figure.parameter]!)) }
            return Column(heading: figure.label, source: "\(figure.scenario), \(figure.parameter) = "
                          + values.joined(separator: ", "), cells: cells)
        }
    }
}
