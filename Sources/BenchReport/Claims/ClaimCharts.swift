import BenchResults

/// A bar chart for each claim and metric it is judged on: every case the
/// verdict rests on, every store's figure with its interval, and the bound.
enum ClaimCharts {
    struct Chart {
        let fileName: String
        let claimNumber: Int
        let chart: BarChart
    }

    static func all(_ run: RunResult, context: ReportContext) -> [Chart] {
        var charts: [Chart] = []
        for (index, claim) in context.claims.enumerated() {
            let verdict = ClaimVerdict(claim, run: run, context: context)
            var metrics: [MetricID] = []
            for finding in verdict.findings where !metrics.contains(finding.metric.id) {
                metrics.append(finding.metric.id)
            }
            for metric in metrics {
                let findings = verdict.findings.filter { $0.metric.id == metric }
                guard let descriptor = findings.first?.metric else { continue }
                let cases = Self.cases(of: findings)
                let groups = cases.map { result, marks in
                    BarChart.Group(
                        label: Self.label(result, among: cases.map(\.result)),
                        bars: run.stores.compactMap { store in
                            guard let series = result.store(store)?.metric(metric) else { return nil }
                            let (low, high) = Evidence.interval(series)
                            return BarChart.Bar(
                                store: store, value: series.median, low: low, high: high,
                                isFavoured: verdict.favoured.contains(store))
                        },
                        marks: marks)
                }
                let name = metrics.count == 1 ? "claim-\(index + 1).svg" : "claim-\(index + 1)-\(metric.rawValue).svg"
                charts.append(
                    Chart(
                        fileName: name, claimNumber: index + 1,
                        chart: BarChart(
                            title: "Claim \(index + 1), \(claim.source): \(descriptor.label)",
                            subtitles: [
                                "each case a verdict rests on; solid: the stores it is decided on ("
                                    + verdict.favoured.joined(separator: ", ")
                                    + "); whiskers: the interval the rules of "
                                    + "evidence use; dashed: what the case is judged against; 0: a zero; –: no figure"
                            ],
                            yLabel: "\(descriptor.label) (\(descriptor.unit))", stores: run.stores,
                            upperBounds: run.upperBounds, groups: groups, linear: descriptor.unit == .percent)))
            }
        }
        return charts
    }

    /// Each case the findings read, once, in order, with the marks of every
    /// test judged on it: a case tested against a budget and against its
    /// "before" is one group with both lines, not two of one label.
    private static func cases(
        of findings: [ClaimVerdict.Finding]
    ) -> [(result: CaseResult, marks: [(value: Double, label: String)])] {
        var cases: [(result: CaseResult, marks: [(value: Double, label: String)])] = []
        for finding in findings {
            if let index = cases.firstIndex(where: { $0.result.key == finding.result.key }) {
                cases[index].marks += finding.marks
            } else {
                cases.append((finding.result, finding.marks))
            }
        }
        return cases
    }

    /// What tells `result` from the chart's other cases: its scenario when
    /// they are of several, and the values of the parameters that vary
    /// among them; its whole title when it is alone.
    static func label(_ result: CaseResult, among cases: [CaseResult]) -> String {
        guard cases.count > 1 else { return result.title }
        let scenarios = Set(cases.map(\.scenario))
        let varying = result.parameters.keys.sorted().filter { name in
            Set(cases.filter { $0.scenario == result.scenario }.map { $0.parameters[name] }).count > 1
        }
        let parts = (scenarios.count > 1 ? [result.scenario] : []) + varying.map { "\($0)=\(result.parameters[$0]!)" }
        return parts.isEmpty ? result.title : parts.joined(separator: " ")
    }
}
