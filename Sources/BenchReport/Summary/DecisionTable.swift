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
        text += "Per store, what a user waits for (median time on this host; where instructions per operation were "
        text += "counted, the mean time with the store's deferred work shared out, the work the count covers, beside "
        text += "the count), what the design gives up, and how far each change grows while it is shown to "
        text += "fit a 60 Hz frame on any host (its interval \(NumberFormat.ratio(Evidence.deviceMargin)) inside the "
        text += "frame, docs/METHODS.md), with this host's medians where they reach further. An upper bound bounds "
        text += "its family; it is no contender.\n\n"
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
        /// Whether its cells carry the case tables' marks against the best.
        var hasStandingMarks = false
        /// Whether a cell is marked as having done less than the heading says.
        var marksKeptAsBuilt: Bool { cells.values.contains { $0.hasSuffix(DecisionTable.keptAsBuiltMark) } }
    }

    /// Marks the cell of a store whose parents keep their children as built,
    /// in a column whose work or reads include parents' rows showing a
    /// child's change.
    static let keptAsBuiltMark = "‡"

    private static func marked(_ cell: String, _ store: String, _ run: RunResult, showsChildChanges: Bool) -> String {
        let keepsChildren = run.designs.first { $0.name == store }?.keepsChildrenAsBuilt == true
        return showsChildChanges && keepsChildren ? "\(cell) \(keptAsBuiltMark)" : cell
    }

    private static func table(_ run: RunResult, _ columns: [Column]) -> String {
        let rows = run.designs.map { design -> [String] in
            let system = design.modelledOn.map { String($0.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces) }
            return [design.labelledName, design.family.rawValue, system ?? "–"]
                + columns.map { $0.cells[design.name] ?? "–" }
        }
        return MarkdownReport.table(["store", "family", "modelled on"] + columns.map(\.heading), rows, textColumns: 3)
    }

    /// The case tables' mark of a store's figure against the column's best:
    /// nothing for the best, `~` where no difference is shown, `×n` where it
    /// is shown n times the best.
    private static func standingMark(_ result: CaseResult, _ metric: MetricID, _ store: String) -> String {
        guard let standing = result.ranking(metric)?.standing(of: store) else { return "" }
        guard standing.isWorse else { return " ~" }
        guard standing.factor.isFinite, standing.factor > 0 else { return "" }
        return " " + NumberFormat.factor(standing.factor)
    }

    private static let marksLegend =
        "A figure alone is its column's best; `~`: no difference from the best shown; "
        + "`×n`: shown n times the best, by the rules of evidence (docs/METHODS.md)."

    private static func notes(_ columns: [Column]) -> String {
        var text = "\nRead from: " + columns.map { "\($0.heading): \($0.source)" }.joined(separator: "; ") + ".\n"
        if columns.contains(where: \.hasStandingMarks) { text += "\n" + marksLegend + "\n" }
        if columns.contains(where: \.marksKeptAsBuilt) {
            text += "\n\(keptAsBuiltMark) The store's parents keep the children they were built with: a holder's row "
            text += "shows the child as it was, so a re-render does less work than the heading says, and a row read "
            text += "shows an older child than the latest commit.\n"
        }
        return text
    }

    private static func costColumns(_ run: RunResult, context: ReportContext) -> [Column] {
        context.decisions.compactMap { figure in
            guard
                let result = run.cases.first(where: { result in
                    result.scenario == figure.scenario
                        && figure.parameters.allSatisfy { result.parameters[$0.key] == $0.value }
                }), let metric = result.descriptor(figure.metric)
            else { return nil }
            let counted = result.deciding(figure.metric)
            // Beside a count, the time of the same work: deferred work included.
            let timed = result.timeBesideCount(figure.metric)
            var cells: [String: String] = [:]
            for store in run.stores {
                guard let series = result.store(store)?.metric(timed) else { continue }
                var cell = Mechanism.quantity(series.median, unit: metric.unit) + standingMark(result, timed, store)
                if counted != figure.metric, let count = result.store(store)?.metric(counted) {
                    cell += " · \(ChartAxis.label(count.median)) instr"
                }
                cells[store] = marked(cell, store, run, showsChildChanges: figure.showsChildChanges)
            }
            // The labels name the default sizes; another profile's cases say which they are.
            let heading = run.profile == "default" ? figure.label : "\(figure.label) (\(result.title))"
            return Column(heading: heading, source: result.title, cells: cells, hasStandingMarks: true)
        }
    }

    /// The largest of `sizes` (ascending) before the first whose figure
    /// does not fit: "≥ 100,000 (all run)", "1,000", or "< 10".
    private static func limit(_ sizes: [Int], fits: (Int) -> Bool) -> String {
        let fitting = sizes.indices.prefix { fits($0) }
        if fitting.count == sizes.count { return "≥ \(NumberFormat.grouped(Double(sizes.last!))) (all run)" }
        if let last = fitting.last { return NumberFormat.grouped(Double(sizes[last])) }
        return "< \(NumberFormat.grouped(Double(sizes[0])))"
    }

    private static func scalingColumns(_ run: RunResult, context: ReportContext) -> [Column] {
        context.scaling.compactMap { figure in
            let cases = run.cases.filter { result in
                result.scenario == figure.scenario && result.parameters[figure.parameter] != nil
                    && figure.parameters.allSatisfy { result.parameters[$0.key] == $0.value }
            }.sorted { $0.parameters[figure.parameter]! < $1.parameters[figure.parameter]! }
            guard let first = cases.first, let unit = first.descriptor(figure.metric)?.unit,
                let budget = MetricUnit.convert(figure.budgetSeconds, from: .seconds, to: unit)
            else { return nil }
            var cells: [String: String] = [:]
            for store in run.stores {
                let sizes = cases.compactMap { result -> (size: Int, series: MetricSeries)? in
                    result.store(store)?.metric(figure.metric).map { (result.parameters[figure.parameter]!, $0) }
                }
                guard !sizes.isEmpty else { continue }
                let shown = limit(sizes.map(\.size)) { Evidence.outcome(sizes[$0].series, budget: budget) == .met }
                let here = limit(sizes.map(\.size)) { sizes[$0].series.median <= budget }
                    .replacingOccurrences(of: " (all run)", with: ", all run")
                let cell = shown == here ? shown : "\(shown) (this host's median: \(here))"
                cells[store] = marked(cell, store, run, showsChildChanges: figure.showsChildChanges)
            }
            let values = cases.map { NumberFormat.grouped(Double($0.parameters[figure.parameter]!)) }
            return Column(
                heading: figure.label,
                source: "\(figure.scenario), \(figure.parameter) = "
                    + values.joined(separator: ", "), cells: cells)
        }
    }
}
