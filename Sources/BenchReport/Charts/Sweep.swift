import BenchResults
import BenchStatistics

/// Cases of one scenario that differ in a single numeric parameter: one
/// line per store across its values.
struct Sweep {
    let scenario: String
    let parameter: String
    /// The other parameters, the same for every point ("K=50 frames=10000").
    let fixed: String
    let metric: MetricDescriptor
    /// Budgets and bounds drawn across the chart, in the metric's unit.
    let references: [(value: Double, label: String)]
    /// Whether `metric` is the case's headline (its chart keeps the plain name).
    let isHeadline: Bool
    /// One series per store, points in ascending parameter order: the
    /// median of the rounds, and their interquartile range.
    let series: [(store: String, points: [LineChart.Point])]
    /// Stores that are upper bounds, drawn as bounds.
    let upperBounds: Set<String>

    /// File name of the chart: scenario and parameter, plus the fixed values
    /// when another sweep of the same parameter needs telling apart.
    private(set) var fileName = ""

    /// Every sweep of at least three points in `run`, in case order, charting
    /// each metric the scenario charts (`ReportContext.charts`, its headline
    /// by default).
    static func all(in run: RunResult, context: ReportContext) -> [Sweep] {
        var sweeps: [Sweep] = []
        var scenarios: [String] = []
        for result in run.cases where !scenarios.contains(result.scenario) { scenarios.append(result.scenario) }
        for scenario in scenarios {
            let cases = run.cases.filter { $0.scenario == scenario }
            let names = Set(cases.flatMap(\.parameters.keys)).subtracting(context.categoricalParameters).sorted()
            for name in names {
                // Group the cases by everything but `name`.
                var groups: [[String: Int]: [CaseResult]] = [:]
                var order: [[String: Int]] = []
                for result in cases {
                    guard result.parameters[name] != nil else { continue }
                    var rest = result.parameters
                    rest[name] = nil
                    if groups[rest] == nil { order.append(rest) }
                    groups[rest, default: []].append(result)
                }
                for rest in order {
                    let group = groups[rest]!.sorted { $0.parameters[name]! < $1.parameters[name]! }
                    guard Set(group.map { $0.parameters[name]! }).count >= 3, let first = group.first,
                        let headline = MarkdownReport.headlineMetric(first)
                    else { continue }
                    let charts =
                        context.charts[scenario].flatMap { $0.isEmpty ? nil : $0 }
                        ?? [ReportContext.Chart(metric: headline)]
                    for chart in charts {
                        guard
                            let sweep = Sweep(
                                scenario, name, rest, group, chart: chart,
                                isHeadline: chart.metric == headline, stores: run.stores,
                                upperBounds: run.upperBounds)
                        else { continue }
                        sweeps.append(sweep)
                    }
                }
            }
        }
        let baseNames = sweeps.map { sweep in
            "\(sweep.scenario)-by-\(sweep.parameter)" + (sweep.isHeadline ? "" : "-" + sweep.metric.id.rawValue)
        }
        for index in sweeps.indices {
            let base = baseNames[index]
            let shared = baseNames.filter { $0 == base }.count > 1
            let suffix = sweeps[index].fixed.replacingOccurrences(of: " ", with: "-").replacingOccurrences(
                of: "=", with: "")
            sweeps[index].fileName = (shared && !suffix.isEmpty ? "\(base)-\(suffix)" : base) + ".svg"
        }
        return sweeps
    }

    private init?(
        _ scenario: String, _ parameter: String, _ rest: [String: Int], _ cases: [CaseResult],
        chart: ReportContext.Chart, isHeadline: Bool, stores: [String], upperBounds: Set<String>
    ) {
        // What decides the comparison: the instruction count where at least
        // three cases counted it (time budgets then do not apply), else the metric.
        let counted = cases.filter { $0.deciding(chart.metric) != chart.metric }
        let decidesByCount = counted.count >= 3
        let headline = decidesByCount ? counted[0].deciding(chart.metric) : chart.metric
        let cases = decidesByCount ? counted : cases
        guard let metric = cases.lazy.compactMap({ $0.descriptor(headline) }).first else { return nil }
        var series: [(store: String, points: [LineChart.Point])] = []
        for store in stores {
            let points = cases.compactMap { result -> LineChart.Point? in
                guard let measured = result.store(store)?.metric(headline), measured.median.isFinite else { return nil }
                let sorted = measured.rounds.sorted()
                return LineChart.Point(
                    x: Double(result.parameters[parameter]!), y: measured.median,
                    low: Quantiles.quantile(sorted, 0.25), high: Quantiles.quantile(sorted, 0.75))
            }
            if !points.isEmpty { series.append((store, points)) }
        }
        guard !series.isEmpty else { return nil }
        self.scenario = scenario
        self.parameter = parameter
        self.fixed = rest.keys.sorted().map { "\($0)=\(rest[$0]!)" }.joined(separator: " ")
        self.metric = metric
        self.series = series
        self.isHeadline = isHeadline
        self.upperBounds = upperBounds
        // A budget is in time: it bounds a timing, not a count. Drawn however
        // far above the points, as the log scale allows.
        references = decidesByCount ? [] : chart.references
    }
}

extension Sweep {
    /// The sweep drawn as a chart, its axes named from `context`.
    func chart(rounds: Int, context: ReportContext) -> LineChart {
        let meaning = context.parameterSummaries[scenario]?[parameter].map { ": \($0)" } ?? ""
        let direction = metric.lowerIsBetter ? "lower is better" : "higher is better"
        let reading =
            metric.kind == .instructions
            ? "instructions per operation, counted once (they repeat from run to run); \(direction)"
            : "median of \(rounds) rounds, band from their quartiles; \(direction)"
        return LineChart(
            title: "\(scenario): \(metric.label) by \(parameter)",
            subtitles: fixed.isEmpty ? [reading] : [fixed, reading],
            xLabel: "\(parameter)\(meaning)",
            yLabel: "\(metric.label) (\(metric.unit))",
            series: series.map {
                LineChart.Series(name: $0.store, points: $0.points, isUpperBound: upperBounds.contains($0.store))
            },
            references: references.map { LineChart.Reference(y: $0.value, label: $0.label) },
            linearY: metric.unit == .percent)
    }
}
