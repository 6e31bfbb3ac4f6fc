import BenchResults
import ModelGraph
import StoreInterface

/// Vesper's and Core Data's life cycle: screens come and go, models nobody
/// holds die, and the weak table has to purge what they leave behind.
@usableFromInline enum Churn: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        let graph: GeneratedGraph
        /// The note each step looks up and holds, replacing the oldest holder:
        /// `warmUp` untimed steps, then the timed ones.
        let steps: [NoteID]
        let warmUp: Int
    }

    /// Untimed steps before the timed ones, continuing one sequence, so the
    /// table, the holders and the caches are in their steady state.
    static func warmUpSteps(_ parameters: ParameterSet) -> Int { min(1_000, parameters[Parameter.steps]) }

    @usableFromInline static let id = ScenarioID.churn

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let step: MetricID = "step"
        static let live: MetricID = "live"
        static let materialized: MetricID = "materialized"
        static let purged: MetricID = "purged"
        static let table: MetricID = "table"
    }
    @usableFromInline static let headline = Metric.step.p50
    @usableFromInline static let title = "holders come and go; unreferenced models die; the weak table purges"
    @usableFromInline static let origin = "Vesper, Core Data"
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let N = ParameterSpec(
            "N", "models in the graph", range: 100...2_000_000, tiny: 300, quick: 10_000, standard: 20_000, full: 50_000
        )
        static let holders = ParameterSpec(
            "holders", "notes held at any time", range: 1...1_000_000, tiny: 10, quick: 200, standard: 2_000,
            full: 2_000)
        static let hit = ParameterSpec(
            "hit", "share of lookups for a note someone holds, %", range: 0...100, tiny: 100, quick: 80, standard: 80,
            full: 80)
        static let policy = ParameterSpec(
            variant: "policy", "weak-table purge: 0 manual, 1 every 1024 insertions, 2 on doubling", range: 0...2,
            quick: 2, standard: 2, full: 2)
        static let steps = ParameterSpec(
            "steps", "look-up-and-hold steps per round", range: 1...10_000_000,
            tiny: 300, quick: 50_000, standard: 50_000, full: 50_000)
    }
    @usableFromInline
    static let parameters = [Parameter.N, Parameter.holders, Parameter.hit, Parameter.policy, Parameter.steps]
    @usableFromInline static let notes = [
        "A snapshot store keeps every snapshot: its lookups always hit. A uniquing store builds an object on "
            + "every miss, and dead entries wait in its weak table until the purge policy removes them."
    ]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        "Weak tables: lookups that miss build live objects and purges sweep dead entries (\(Metric.materialized) objects "
            + "built, \(Metric.purged) entries purged per step; \(Metric.step.mallocs) mallocs per step), where a value store hands "
            + "out what it holds."
    ]

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        switch profile {
        case .quick: [ParameterSet.defaults(parameters, profile)]
        case .default: ParameterSet.sweep(parameters, profile, Parameter.policy, [0, 1, 2])
        case .full:
            ParameterSet.sweep(parameters, profile, Parameter.policy, [0, 1, 2])
                + ParameterSet.sweep(parameters, profile, Parameter.hit, [0, 50, 95])
        }
    }

    @usableFromInline static func configuration(for parameters: ParameterSet) -> StoreConfiguration {
        let policy: PurgePolicy =
            switch parameters[Parameter.policy] {
            case 0: .manual
            case 1: .every(insertions: 1024)
            default: .onDoubling
            }
        return StoreConfiguration(purgePolicy: policy)
    }

    @usableFromInline static func validate(_ parameters: ParameterSet) throws(ScenarioError) {
        let notes = GraphShape.app(models: parameters[Parameter.N]).notes
        guard parameters[Parameter.holders] <= notes else {
            throw ScenarioError(
                "churn: holders (\(parameters[Parameter.holders])) cannot exceed the \(notes) notes of N=\(parameters[Parameter.N])"
            )
        }
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        try validate(parameters)
        let graph = try GeneratedGraph(shape: .app(models: parameters[Parameter.N]), seed: seed)
        let holders = parameters[Parameter.holders], notes = graph.notes.count
        var random = SeededRandom(seed: seed ^ 0xC4)
        var ring = (1...holders).map(NoteID.init)
        let warmUp = warmUpSteps(parameters)
        let steps = (0..<(warmUp + parameters[Parameter.steps])).map { step -> NoteID in
            let id =
                random.below(100) < parameters[Parameter.hit]
                ? ring[random.below(holders)]
                : NoteID(1 + random.below(notes))
            ring[step % holders] = id
            return id
        }
        return Workload(graph: graph, steps: steps, warmUp: warmUp)
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.graph.fullBatch, parameters, context)
        let holders = parameters[Parameter.holders]
        var ring = (1...holders).map { store.note(NoteID($0)) }
        let warmUp = workload.warmUp
        for step in 0..<warmUp { ring[step % holders] = store.note(workload.steps[step]) }
        let before = store.counts
        let steps = try TimedLoop.run(count: workload.steps.count - warmUp, context: context) { index in
            let step = warmUp + index
            ring[step % holders] = store.note(workload.steps[step])
        }
        context.progress(1)
        let after = store.counts
        var metrics = RoundMetrics()
        metrics.addLoop(Metric.step, "look up and hold", steps)
        let operations = Double(max(1, steps.operations))
        metrics.add(
            Metric.materialized, "objects built per step", unit: .count, kind: .count,
            Double(after.materialized - before.materialized) / operations)
        metrics.add(
            Metric.purged, "dead entries purged per step", unit: .count, kind: .count,
            Double(after.purged - before.purged) / operations)
        metrics.add(
            Metric.table, "weak-table entries at the end", unit: .count, kind: .count, informational: true,
            Double(after.tableEntries))
        metrics.add(
            Metric.live, "live objects or snapshots at the end", unit: .count, kind: .count, informational: true,
            Double(after.live))
        consume(ring)
        return metrics
    }
}

extension ScenarioID {
    public static let churn = ScenarioID("churn")
}
