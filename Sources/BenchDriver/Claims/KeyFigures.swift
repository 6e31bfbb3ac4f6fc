import BenchResults

/// A figure the summary sets out for every store beside the scenarios'
/// leaders: what a chooser trades for speed (memory, correctness).
public struct KeyFigure: Sendable {
    public let scenario: ScenarioID
    /// The case it is read from: the first whose parameters include these.
    public let parameters: [String: Int]
    public let metric: MetricID
    /// What it says, for people: "torn reads per million".
    public let label: String

    init<Scenario: BenchScenario>(
        _ scenario: Scenario.Type, parameters: [String: Int] = [:], _ metric: (Scenario.Metric.Type) -> MetricID,
        _ label: String
    ) {
        self.scenario = Scenario.id
        self.parameters = parameters
        self.metric = metric(Scenario.Metric.self)
        self.label = label
    }

    /// The trade-offs the summary lists: memory, and the correctness each
    /// design gives up or keeps.
    public static let tradeOffs: [KeyFigure] = [
        KeyFigure(MemoryFootprintScenario.self, { $0.model }, "heap bytes per model at rest"),
        KeyFigure(MemoryFootprintScenario.self, { $0.held }, "heap bytes per held note"),
        KeyFigure(MemoryFootprintScenario.self, { $0.update }, "bytes old versions keep alive per held note after every user changes"),
        KeyFigure(Consistency.self, parameters: ["locking": 0], { $0.stale }, "stale reads per million, after a notification"),
        KeyFigure(Consistency.self, parameters: ["locking": 0], { $0.torn }, "torn reads per million (a row mixing two versions)"),
        KeyFigure(TagRename.self, { $0.underneath }, "screens whose model changed underneath them, %"),
        KeyFigure(PartialMerge.self, { $0.notSuperset }, "models not holding the superset of the fields received"),
    ]
}
