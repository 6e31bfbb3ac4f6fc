import BenchResults
import ModelGraph
import StoreInterface

/// Pinterest's model cache: server responses carry some of a model's fields;
/// merge them into the cached superset and tell observers.
@usableFromInline enum PartialMerge: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        let graph: GeneratedGraph
        let batches: [PayloadBatch]
        let observed: [ModelRef]
        /// Every model as the server has sent it, field by field, once every
        /// batch is merged: the superset the cache must hold.
        let superset: GraphState
    }

    @usableFromInline static let id = ScenarioID.partialMerge

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let merge: MetricID = "merge"
        static let mergeRendered: MetricID = "merge.rendered"
        static let rerendered: MetricID = "merge.rerendered"
        static let notifications: MetricID = "merge.notifications"
        static let payload: MetricID = "merge.payload"
        static let rebuilt: MetricID = "merge.rebuilt"
        static let unchanged: MetricID = "merge.unchanged"
        static let updated: MetricID = "merge.updated"
        static let notSuperset: MetricID = "merge.lost"
    }
    @usableFromInline static let headline = Metric.mergeRendered.p50
    @usableFromInline static let charts = [ChartSpec(Metric.merge.p50), ChartSpec(Metric.mergeRendered.p50)]
    @usableFromInline
    static let title = "merge batches of partial payloads (k fields each) into cached models and notify observers"
    @usableFromInline static let origin = "Pinterest"
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let N = ParameterSpec(
            "N", "models in the graph", range: 100...2_000_000, tiny: 300, quick: 4_000, standard: 20_000, full: 100_000
        )
        static let batch = ParameterSpec(
            "batch", "payloads per batch (half users, half notes)", range: 2...100_000,
            tiny: 6, quick: 50, standard: 200, full: 200)
        static let k = ParameterSpec(
            "k", "fields each payload carries", range: 1...4, tiny: 4, quick: 2, standard: 2, full: 2)
        static let noop = ParameterSpec(
            "noop", "share of payloads equal to the cache, %", range: 0...100, tiny: 100, quick: 30, standard: 30,
            full: 30)
        static let observers = ParameterSpec(
            "observers", "models observed by a screen", range: 0...1_000_000,
            tiny: 20, quick: 200, standard: 2_000, full: 2_000)
        static let batches = ParameterSpec(
            "batches", "batches merged per round", range: 1...100_000, tiny: 3, quick: 40, standard: 30, full: 30)
    }
    @usableFromInline
    static let parameters = [
        Parameter.N, Parameter.batch, Parameter.k, Parameter.noop, Parameter.observers, Parameter.batches,
    ]
    @usableFromInline static let notes = [
        "An equal payload (a no-op) must be short-circuited: no new value, no notification.",
        "models not holding the superset: once every batch is merged, models whose fields differ from every field "
            + "the server sent, the latest of each (Pinterest's \"most recent superset of all fields\"); must be 0.",
        "merge and re-render: as many more batches, each merged, delivered on the main thread, and every screen whose "
            + "model it changed displaying its row again, timed as one (the figure a user waits for).",
    ]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        "Merge cost per payload (\(Metric.payload)): a changed model becomes a new value or is written in place, "
            + "and a store that embeds it rebuilds its parents (\(Metric.rebuilt) per batch, \(Metric.merge.mallocs) mallocs "
            + "per batch); equal payloads are skipped (\(Metric.unchanged) per batch)."
    ]

    @usableFromInline static func checks(for parameters: ParameterSet) -> [MetricID] { [Metric.notSuperset] }

    /// The default and full profiles add a batch of equal payloads alone
    /// (noop=100), which Rocket Data's short circuit is about, to their mix.
    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        let mix = ParameterSet.defaults(parameters, profile)[Parameter.noop]
        switch profile {
        case .quick: return [ParameterSet.defaults(parameters, profile)]
        case .default: return ParameterSet.sweep(parameters, profile, Parameter.noop, [mix, 100])
        case .full: return ParameterSet.sweep(parameters, profile, Parameter.noop, [0, mix, 50, 100])
        }
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        var graph = try GeneratedGraph(shape: .app(models: parameters[Parameter.N]), seed: seed)
        let initial = graph
        var random = SeededRandom(seed: seed ^ 0x3E26E)
        let users = graph.users.count, notes = graph.notes.count
        let fields = parameters[Parameter.k], noOpShare = parameters[Parameter.noop]
        var batches: [PayloadBatch] = []
        // Twice as many: the second half is timed with the screens' re-render.
        for _ in 0..<(2 * parameters[Parameter.batches]) {
            var batch = PayloadBatch()
            for index in 0..<parameters[Parameter.batch] {
                let noOp = random.below(100) < noOpShare
                if index % 2 == 0 {
                    batch.users.append(
                        graph.partialUpdate(
                            user: UserID(1 + random.below(users)), fieldCount: fields, noOp: noOp))
                } else {
                    batch.notes.append(
                        graph.partialUpdate(
                            note: NoteID(1 + random.below(notes)), fieldCount: fields, noOp: noOp))
                }
            }
            batches.append(batch)
        }
        let observed = (0..<parameters[Parameter.observers]).map { index -> ModelRef in
            index % 2 == 0 ? .user(UserID(1 + random.below(users))) : .note(NoteID(1 + random.below(notes)))
        }
        return Workload(graph: initial, batches: batches, observed: observed, superset: graph.state)
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.graph.fullBatch, parameters, context)
        let tokens = workload.observed.map { store.show($0) }
        store.finishSetUp()
        var summaries: [ChangeSummary] = []
        let count = workload.batches.count / 2
        summaries.reserveCapacity(count)
        var failure: (any Error)?
        let merges = try TimedLoop.run(count: count, context: context) { index in
            do {
                summaries.append(
                    try store.settled { () throws(MergeError) in try store.merge(workload.batches[index]) })
            } catch { failure = error }
        }
        if let failure { throw ScenarioError("partial-merge: a batch failed: \(failure)") }
        context.progress(0.5)

        // End to end: each batch, its delivery on the main thread, and every
        // screen whose model it changed displaying its row again.
        var checksum = RowChecksum()
        var rerendered = 0
        let rendered = try TimedLoop.run(count: count, context: context) { index in
            do { try store.merge(workload.batches[count + index]) } catch { failure = error }
            store.settle()
            for shown in tokens where shown.rerender(&checksum) { rerendered += 1 }
        }
        if let failure { throw ScenarioError("partial-merge: a batch failed: \(failure)") }
        consume(checksum.value)
        let state = store.exportState()
        let lost =
            workload.superset.users.count { id, user in state.users[id] != user }
            + workload.superset.notes.count { id, note in state.notes[id] != note }
        context.progress(1)

        var metrics = RoundMetrics()
        metrics.addLoop(Metric.merge, "batch merge", merges, unit: .microseconds)
        metrics.addLoop(
            Metric.mergeRendered, "batch merge and every changed screen re-rendered", rendered,
            unit: .microseconds)
        if let merge = merges.latency {
            metrics.add(
                Metric.payload, "per payload (batch p50 / batch)", unit: .nanoseconds, kind: .timing,
                merge.p50 / Double(parameters[Parameter.batch]))
        }
        let total = summaries.reduce(ChangeSummary(), +)
        let batches = Double(max(1, summaries.count))
        metrics.add(
            Metric.updated, "models updated per batch", unit: .count, kind: .count, Double(total.updated) / batches)
        metrics.add(
            Metric.unchanged, "payloads short-circuited per batch", unit: .count, kind: .count,
            Double(total.unchanged) / batches)
        metrics.add(
            Metric.rebuilt, "parents rebuilt per batch", unit: .count, kind: .count, Double(total.propagated) / batches)
        metrics.add(
            Metric.notifications, "notifications per batch", unit: .count, kind: .count,
            Double(total.notifications) / batches)
        metrics.add(
            Metric.rerendered, "screens re-rendered per batch", unit: .count, kind: .count,
            Double(rerendered) / Double(max(1, count)))
        metrics.add(
            Metric.notSuperset, "models not holding the superset of the fields received", unit: .count,
            kind: .count, Double(lost))
        consume(tokens)
        return metrics
    }
}

extension ScenarioID {
    public static let partialMerge = ScenarioID("partial-merge")
}
