import StoreInterface

/// Receives scenario types one by one, generically, so whatever it builds
/// for a scenario (a round runner for a store) is specialized for it.
@usableFromInline protocol ScenarioVisitor {
    mutating func visit<Scenario: BenchScenario>(_ scenario: Scenario.Type)
}

/// Every scenario the suite measures, in report order: the one place a
/// scenario is registered. A new scenario is a file under Scenarios/ and
/// one line here.
///
/// Inlinable, so that each store's rounds are built and specialized where
/// the store's type is concrete, in the app: a scenario type and the members
/// that meet `BenchScenario`'s requirements are therefore `@usableFromInline`
/// (the compiler says which when one is not).
@usableFromInline enum ScenarioCatalog {
    @inlinable static func visitAll<Visitor: ScenarioVisitor>(_ visitor: inout Visitor) {
        visitor.visit(FeedRead.self)
        visitor.visit(TagRename.self)
        visitor.visit(PartialMerge.self)
        visitor.visit(ChildPropagation.self)
        visitor.visit(CascadeDelete.self)
        visitor.visit(BackgroundSync.self)
        visitor.visit(ObserverFanout.self)
        visitor.visit(Churn.self)
        visitor.visit(ColdLoad.self)
        visitor.visit(MemoryFootprintScenario.self)
        visitor.visit(Consistency.self)
    }

    /// Every scenario's definition, in catalog order.
    static let all: [any BenchScenario.Type] = {
        struct Definitions: ScenarioVisitor {
            var all: [any BenchScenario.Type] = []
            mutating func visit<Scenario: BenchScenario>(_ scenario: Scenario.Type) { all.append(scenario) }
        }
        var definitions = Definitions()
        visitAll(&definitions)
        return definitions.all
    }()
}

/// One round of a prepared case on one store.
@usableFromInline typealias ScenarioRound = @Sendable (PreparedCase, ParameterSet, RoundContext) throws -> RoundMetrics

/// A round of every scenario on one store, each specialized for the pair:
/// built where the store's type is known (`StoreRunner`).
@usableFromInline struct ScenarioRounds<Store: ModelStore>: ScenarioVisitor {
    @usableFromInline var rounds: [ScenarioID: ScenarioRound] = [:]

    @usableFromInline init() {}

    @usableFromInline mutating func visit<Scenario: BenchScenario>(_ scenario: Scenario.Type) {
        rounds[Scenario.id] = { prepared, parameters, context in
            try Scenario.runRound(Store.self, prepared.workload(of: Scenario.self), parameters, context)
        }
    }
}
