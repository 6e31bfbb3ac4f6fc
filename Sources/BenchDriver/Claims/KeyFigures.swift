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
    /// Whether its work or its reads include parents' rows showing a child's
    /// change: a store whose parents keep their children as built does less
    /// of the work, and its rows show older children.
    public let showsChildChanges: Bool

    init<Scenario: BenchScenario>(
        _ scenario: Scenario.Type, parameters: (Scenario.Parameter.Type) -> [ParameterSpec: Int] = { _ in [:] },
        _ metric: (Scenario.Metric.Type) -> MetricID, _ label: String, showsChildChanges: Bool = false
    ) {
        self.scenario = Scenario.id
        self.parameters = parameters(Scenario.Parameter.self).byName
        self.metric = metric(Scenario.Metric.self)
        self.label = label
        self.showsChildChanges = showsChildChanges
    }

    /// The trade-offs the summary lists: memory, and the correctness each
    /// design gives up or keeps.
    public static let tradeOffs: [KeyFigure] = [
        KeyFigure(MemoryFootprintScenario.self, { $0.model }, "heap bytes per model at rest"),
        KeyFigure(MemoryFootprintScenario.self, { $0.held }, "heap bytes per held note"),
        KeyFigure(
            MemoryFootprintScenario.self, { $0.update },
            "bytes old versions keep alive per held note after every user changes"),
        KeyFigure(
            Consistency.self, parameters: { [$0.locking: 0] }, { $0.stale },
            "stale reads per million (older than the latest commit)"),
        KeyFigure(
            Consistency.self, parameters: { [$0.locking: 0] }, { $0.torn },
            "torn reads per million (a row mixing two versions)"),
        KeyFigure(TagRename.self, { $0.underneath }, "screens whose model changed underneath them, %"),
        KeyFigure(PartialMerge.self, { $0.notSuperset }, "models not holding the superset of the fields received"),
    ]

    /// What the decision table sets out for every store: the end-to-end cost
    /// of what a user waits for, at the default sizes, and what each design
    /// gives up.
    public static let decisions: [KeyFigure] = [
        KeyFigure(FeedRead.self, parameters: { [$0.scroll: 0, $0.K: 50] }, { $0.frame.p50 }, "a held 50-row frame"),
        KeyFigure(
            FeedRead.self, parameters: { [$0.scroll: 1, $0.K: 50] }, { $0.frame.p50 },
            "a frame of 50 rows scrolled into view"),
        KeyFigure(
            TagRename.self, parameters: { [$0.F: 10_000] }, { $0.renameRendered.p50 },
            "a tag on 10,000 notes renamed, every holder re-rendered", showsChildChanges: true),
        KeyFigure(
            ObserverFanout.self, parameters: { [$0.observers: 1_000, $0.ids: 1] }, { $0.updateRendered.p50 },
            "a user's update heard by 1,000 screens, each re-rendered"),
        KeyFigure(
            BackgroundSync.self, parameters: { [$0.launch: 1, $0.sync: BackgroundSync.Sync.syncThread.rawValue] },
            { $0.frameWallMax },
            "the main thread's worst frame at launch"),
        KeyFigure(MemoryFootprintScenario.self, { $0.model }, "heap bytes per model"),
        KeyFigure(MemoryFootprintScenario.self, { $0.held }, "heap bytes per held note"),
        KeyFigure(
            Consistency.self, parameters: { [$0.locking: 0] }, { $0.stale }, "stale reads per million",
            showsChildChanges: true),
        KeyFigure(Consistency.self, parameters: { [$0.locking: 0] }, { $0.torn }, "torn reads per million"),
    ]
}

/// How far a change scales before it no longer fits a frame: the largest
/// value of a swept parameter at which its median still fits the budget.
public struct ScalingFigure: Sendable {
    public let scenario: ScenarioID
    public let parameter: String
    /// The other parameters the swept cases share.
    public let parameters: [String: Int]
    public let metric: MetricID
    public let label: String
    /// The frame it must fit, seconds.
    public let budgetSeconds: Double
    /// Whether its work includes parents' rows showing a child's change.
    public let showsChildChanges: Bool

    init<Scenario: BenchScenario>(
        _ scenario: Scenario.Type, sweeping parameter: (Scenario.Parameter.Type) -> ParameterSpec,
        parameters: (Scenario.Parameter.Type) -> [ParameterSpec: Int] = { _ in [:] },
        _ metric: (Scenario.Metric.Type) -> MetricID, _ label: String, showsChildChanges: Bool = false
    ) {
        self.scenario = Scenario.id
        self.parameter = parameter(Scenario.Parameter.self).name
        self.parameters = parameters(Scenario.Parameter.self).byName
        self.metric = metric(Scenario.Metric.self)
        self.label = label
        self.showsChildChanges = showsChildChanges
        budgetSeconds = 1.0 / 60
    }

    public static let all: [ScalingFigure] = [
        ScalingFigure(
            TagRename.self, sweeping: { $0.F }, { $0.renameRendered.p50 },
            "rename + every holder re-rendered fits 16.7 ms up to F =", showsChildChanges: true),
        ScalingFigure(
            ObserverFanout.self, sweeping: { $0.observers }, parameters: { [$0.ids: 1] }, { $0.updateRendered.p50 },
            "an update heard and re-rendered by every observer fits up to O ="),
        ScalingFigure(
            ChildPropagation.self, sweeping: { $0.P }, parameters: { [$0.shape: 0] }, { $0.updateRendered.p50 },
            "a user embedded in P messages updated, every thread re-rendered, fits up to P =",
            showsChildChanges: true),
        ScalingFigure(
            CascadeDelete.self, sweeping: { $0.depth }, { $0.delete.p50 },
            "a user deleted with the threads below their P roots fits up to depth ="),
    ]
}
