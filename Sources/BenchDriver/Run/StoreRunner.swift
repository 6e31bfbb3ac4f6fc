import StoreInterface

/// One store type, erased so a run can hold a list of them, while each
/// scenario still runs specialized for the concrete type: the closure is
/// created where the type is known.
public struct StoreRunner: Sendable {
    public let name: String
    let runRound: @Sendable (ScenarioID, any Sendable, ParameterSet, RoundContext) throws -> RoundMetrics
    private let soakRun: @Sendable (SoakPlan, CancellationFlag) throws -> SoakOutcome

    public init<Store: ModelStore>(_ type: Store.Type) {
        name = Store.designName
        runRound = { scenario, workload, parameters, context in
            try scenario.runRound(on: Store.self, workload, parameters, context)
        }
        soakRun = { plan, cancellation in try Soak.run(Store.self, plan, cancellation: cancellation) }
    }

    /// Soaks this store (see `Soak`) until the plan's time is up or `cancellation` says stop.
    public func soak(_ plan: SoakPlan, cancellation: CancellationFlag = CancellationFlag()) throws -> SoakOutcome {
        try soakRun(plan, cancellation)
    }
}
