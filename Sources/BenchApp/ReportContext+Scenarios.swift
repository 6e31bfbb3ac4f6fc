import BenchDriver
import BenchReport
import BenchResults

extension ReportContext {
    /// What the scenario definitions tell a report: parameter meanings,
    /// variant parameters, Rocket Data's published figures, the sources' claims.
    public static let scenarios = ReportContext(
        parameterSummaries: Dictionary(
            uniqueKeysWithValues: ScenarioID.allCases.map { scenario in
                (
                    scenario.rawValue,
                    Dictionary(uniqueKeysWithValues: scenario.definition.parameters.map { ($0.name, $0.summary) })
                )
            }),
        categoricalParameters: Set(
            ScenarioID.allCases.flatMap { $0.definition.parameters.filter(\.isVariant).map(\.name) }),
        references: PublishedReference.rocketData.map {
            ReportContext.Reference(
                scenario: $0.scenario.rawValue, parameter: $0.parameter, value: $0.value,
                name: $0.name,
                published: $0.published.map { ReportContext.PublishedTime(device: $0.device, seconds: $0.seconds) })
        },
        referenceNote: PublishedReference.rocketDataNote,
        mechanisms: Dictionary(
            uniqueKeysWithValues: ScenarioID.allCases.map { scenario in
                (
                    scenario.rawValue,
                    scenario.definition.mechanisms.map {
                        ReportContext.MechanismSentence($0.text, parameters: $0.parameters)
                    }
                )
            }),
        claims: SourceClaim.all,
        tradeOffs: BenchDriver.KeyFigure.tradeOffs.map(ReportContext.KeyFigure.init),
        decisions: BenchDriver.KeyFigure.decisions.map(ReportContext.KeyFigure.init),
        scaling: ScalingFigure.all.map {
            ReportContext.Scaling(
                scenario: $0.scenario.rawValue, parameter: $0.parameter, parameters: $0.parameters,
                metric: $0.metric, label: $0.label, budgetSeconds: $0.budgetSeconds,
                showsChildChanges: $0.showsChildChanges)
        },
        charts: Dictionary(
            uniqueKeysWithValues: ScenarioID.allCases.map { scenario in
                (
                    scenario.rawValue,
                    scenario.definition.charts.map {
                        ReportContext.Chart(metric: $0.metric, references: $0.references)
                    }
                )
            }))
}

extension ReportContext.KeyFigure {
    init(_ figure: BenchDriver.KeyFigure) {
        self.init(
            scenario: figure.scenario.rawValue, parameters: figure.parameters, metric: figure.metric,
            label: figure.label, showsChildChanges: figure.showsChildChanges)
    }
}
