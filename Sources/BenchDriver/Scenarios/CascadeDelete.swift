import BenchResults
import ModelGraph
import StoreInterface

/// Rocket Data's and Core Data's cascade: delete a user; the messages that
/// require it as author go, and with them every reply below them.
@usableFromInline enum CascadeDelete: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        let graph: GeneratedGraph
        let setup: PayloadBatch
        let victims: [UserID]
        /// One message per victim, observed by a screen.
        let watched: [MessageID]
    }

    @usableFromInline static let id = ScenarioID.cascadeDelete

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let delete: MetricID = "delete"
        static let models: MetricID = "delete.models"
        static let notifications: MetricID = "delete.notifications"
        static let wrong: MetricID = "delete.wrong"
    }
    @usableFromInline static let headline = Metric.delete.p50
    @usableFromInline static let title = "delete a user who authored P thread roots; the threads below them go too"
    @usableFromInline static let origin = "Rocket Data, Core Data"
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let P = ParameterSpec(
            "P", "thread roots each deleted user authored", range: 1...100_000, tiny: 6, quick: 20, standard: 100,
            full: 200)
        static let depth = ParameterSpec(
            "depth", "reply levels below each root (2 replies each)", range: 0...10, tiny: 2, quick: 2, standard: 3,
            full: 3)
        static let victims = ParameterSpec(
            "victims", "users deleted per round, one operation each", range: 1...1_000,
            tiny: 2, quick: 10, standard: 10, full: 10)
    }
    @usableFromInline static let parameters = [Parameter.P, Parameter.depth, Parameter.victims]
    @usableFromInline static let notes = ["Each delete is one operation; the models it removes are counted per delete."]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        "Every store removes \(Metric.models) models per delete; the difference is bookkeeping and allocation, "
            + "\(Metric.delete.mallocs) mallocs per delete."
    ]

    @usableFromInline static func checks(for parameters: ParameterSet) -> [MetricID] { [Metric.wrong] }

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        profile == .full
            ? ParameterSet.sweep(parameters, profile, Parameter.depth, [0, 2, 4, 6])
            : [ParameterSet.defaults(parameters, profile)]
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        let victims = parameters[Parameter.victims], roots = parameters[Parameter.P]
        let graph = try GeneratedGraph(
            shape: GraphShape(
                users: victims + 20, tags: 1, notes: 0, tagsPerNote: 0, threads: victims * roots,
                participantsPerMessage: 2, repliesPerMessage: 2, threadDepth: parameters[Parameter.depth]),
            seed: seed)
        let threadRoots = graph.threadRootIDs
        // Root k is authored by victim k % victims; victims are users 1...victims,
        // and replies are re-authored by the other users so only roots cascade.
        var setup = PayloadBatch()
        for (index, root) in threadRoots.enumerated() {
            setup.messages.append(
                MessagePayload(id: root, author: .present(UserPayload(id: UserID(1 + index % victims)))))
        }
        let others = victims + 1...victims + 20
        let rootSet = Set(threadRoots)
        for id in graph.messageIDs where !rootSet.contains(id) {
            if graph.message(id).author.rawValue <= victims {
                setup.messages.append(
                    MessagePayload(
                        id: id, author: .present(UserPayload(id: UserID(others.lowerBound + id.rawValue % 20)))))
            }
        }
        return Workload(
            graph: graph, setup: setup, victims: (1...victims).map(UserID.init),
            watched: Array(threadRoots.prefix(victims)))
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.graph.fullBatch, parameters, context)
        try store.merge(workload.setup)
        let tokens = workload.watched.map { store.show(.message($0)) }
        store.finishSetUp()
        var summaries: [ChangeSummary] = []
        summaries.reserveCapacity(workload.victims.count)
        let deletes = try TimedLoop.run(count: workload.victims.count, context: context) { index in
            summaries.append(store.settled { store.delete(.user(workload.victims[index])) })
        }
        context.progress(1)
        let expected = parameters[Parameter.P] * workload.graph.shape.messagesPerThread + 1
        let wrong = summaries.filter { $0.deleted != expected }.count
        var metrics = RoundMetrics()
        metrics.addLoop(Metric.delete, "delete", deletes, unit: .microseconds)
        let total = summaries.reduce(ChangeSummary(), +)
        let count = Double(max(1, summaries.count))
        metrics.add(
            Metric.models, "models deleted per delete", unit: .count, kind: .count, Double(total.deleted) / count)
        metrics.add(
            Metric.notifications, "notifications per delete", unit: .count, kind: .count,
            Double(total.notifications) / count)
        metrics.add(
            Metric.wrong, "deletes that removed the wrong number of models", unit: .count, kind: .count,
            Double(wrong))
        consume(tokens)
        return metrics
    }
}

extension ScenarioID {
    public static let cascadeDelete = ScenarioID("cascade-delete")
}
