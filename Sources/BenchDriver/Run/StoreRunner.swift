import BenchResults
import StoreInterface

/// One store type, erased so a run can hold a list of them, while each
/// scenario still runs specialized for the concrete type: the closure is
/// created where the type is known.
public struct StoreRunner: Sendable {
    public let design: StoreDesign
    /// The store as a results file records it.
    public let info: StoreInfo
    /// A round of each scenario on this store, specialized for the pair.
    private let rounds: [ScenarioID: ScenarioRound]
    private let soakRun: @Sendable (SoakPlan, CancellationFlag) throws -> SoakOutcome
    private let offMainLookup: @Sendable () throws -> Void

    public init<Store: ModelStore>(_ type: Store.Type) {
        design = Store.design
        info = StoreInfo(Store.design, floor: Store.Floor.self)
        var rounds = ScenarioRounds<Store>()
        ScenarioCatalog.visitAll(&rounds)
        self.rounds = rounds.rounds
        soakRun = { plan, cancellation in try Soak.run(Store.self, plan, cancellation: cancellation) }
        offMainLookup = { try OffMainLookup.run(Store.self) }
    }

    /// One round of the prepared case on this store.
    func runRound(_ prepared: PreparedCase, _ parameters: ParameterSet, _ context: RoundContext) throws -> RoundMetrics
    {
        guard let round = rounds[prepared.scenario] else {
            preconditionFailure("no round of \(prepared.scenario) for \(design.name)")
        }
        var metrics = try round(prepared, parameters, context)
        if design.isLibrary { metrics.removeLockFigures() }
        return metrics
    }

    public var name: String { design.name }

    /// A runner for every store a catalog visits, in its order.
    public struct Collector: StoreVisitor {
        public private(set) var runners: [StoreRunner] = []

        public init() {}

        public mutating func visit<Store: ModelStore>(_ store: Store.Type) {
            runners.append(StoreRunner(Store.self))
        }
    }

    /// Soaks this store (see `Soak`) until the plan's time is up or `cancellation` says stop.
    public func soak(_ plan: SoakPlan, cancellation: CancellationFlag = CancellationFlag()) throws -> SoakOutcome {
        try soakRun(plan, cancellation)
    }

    /// Looks a user up in a fresh store from a thread other than its main
    /// thread (see `OffMainLookup`); a store confined to its main thread
    /// traps instead of returning.
    public func lookUpOffMain() throws {
        try offMainLookup()
    }
}
