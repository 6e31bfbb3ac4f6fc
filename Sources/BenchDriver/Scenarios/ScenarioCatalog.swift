import BenchResults
import ModelGraph
import StoreInterface

/// Every scenario the suite measures, in report order (`bench list`).
public enum ScenarioID: String, CaseIterable, Sendable, Codable {
    case feedRead = "feed-read"
    case tagRename = "tag-rename"
    case partialMerge = "partial-merge"
    case childPropagation = "child-propagation"
    case cascadeDelete = "cascade-delete"
    case backgroundSync = "background-sync"
    case observerFanout = "observer-fanout"
    case churn
    case coldLoad = "cold-load"
    case memory
    case consistency

    /// The scenario's definition, for its metadata.
    public var definition: any BenchScenario.Type {
        switch self {
        case .feedRead: FeedRead.self
        case .tagRename: TagRename.self
        case .partialMerge: PartialMerge.self
        case .childPropagation: ChildPropagation.self
        case .cascadeDelete: CascadeDelete.self
        case .backgroundSync: BackgroundSync.self
        case .observerFanout: ObserverFanout.self
        case .churn: Churn.self
        case .coldLoad: ColdLoad.self
        case .memory: MemoryFootprintScenario.self
        case .consistency: Consistency.self
        }
    }

    /// Throws when the parameters do not make a case together.
    public func validate(_ parameters: ParameterSet) throws(ScenarioError) {
        try definition.validate(parameters)
    }

    /// Whether instructions are counted for the scenario's operations.
    public var countsInstructions: Bool { definition.countsInstructions }

    /// Whether the instruction pass counts the case with `parameters`: the
    /// scenario counts instructions, and the case is no larger than its
    /// limit (`BenchScenario.instructionsCountedUpTo`).
    public func countsInstructions(at parameters: ParameterSet) -> Bool {
        guard let limit = definition.instructionsCountedUpTo else { return countsInstructions }
        return countsInstructions && parameters[limit.parameter] <= limit.value
    }

    /// Whether the instruction pass counts the scenario's large operations
    /// whole (see `BenchScenario.countsLargeOperationsWhole`).
    public var countsLargeOperationsWhole: Bool { definition.countsLargeOperationsWhole }

    /// The metric a case's one-line verdict is based on.
    public func headline(for parameters: ParameterSet) -> MetricID {
        definition.headline(for: parameters)
    }

    /// The metrics of a case that must be 0 on every store.
    public func checks(for parameters: ParameterSet) -> [MetricID] {
        definition.checks(for: parameters)
    }

    /// Builds the case's workload, type-erased for the runner to hold.
    func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> any Sendable {
        try definition.prepare(parameters, seed: seed)
    }

    /// Runs one round on `store`. Dispatches statically, so every scenario's
    /// code is specialized for the store type: no existential, no witness
    /// table on the hot path.
    func runRound<Store: ModelStore>(
        on store: Store.Type, _ workload: any Sendable, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        switch self {
        case .feedRead: try FeedRead.runRound(store, workload as! FeedRead.Workload, parameters, context)
        case .tagRename: try TagRename.runRound(store, workload as! TagRename.Workload, parameters, context)
        case .partialMerge: try PartialMerge.runRound(store, workload as! PartialMerge.Workload, parameters, context)
        case .childPropagation:
            try ChildPropagation.runRound(store, workload as! ChildPropagation.Workload, parameters, context)
        case .cascadeDelete: try CascadeDelete.runRound(store, workload as! CascadeDelete.Workload, parameters, context)
        case .backgroundSync: try BackgroundSync.runRound(store, workload as! BackgroundSync.Workload, parameters, context)
        case .observerFanout: try ObserverFanout.runRound(store, workload as! ObserverFanout.Workload, parameters, context)
        case .churn: try Churn.runRound(store, workload as! Churn.Workload, parameters, context)
        case .coldLoad: try ColdLoad.runRound(store, workload as! ColdLoad.Workload, parameters, context)
        case .memory:
            try MemoryFootprintScenario.runRound(store, workload as! MemoryFootprintScenario.Workload, parameters, context)
        case .consistency: try Consistency.runRound(store, workload as! Consistency.Workload, parameters, context)
        }
    }
}
