import BenchResults
import ModelGraph
import StoreInterface

/// Rocket Data's consistency: a child (a user) embedded in many parents
/// (messages, at some depth in their threads) changes; every parent must
/// show it. Also Rocket Data's own performance-test shapes.
@usableFromInline enum ChildPropagation: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        let graph: GeneratedGraph
        /// Merged after the graph: makes user 1 the author of the parents.
        let setup: PayloadBatch
        /// One update per operation.
        let updates: [ModelPatch]
        let listened: [MessageID]
        let finalAuthorName: String?
        /// Rows authored by the updated user across the threads the screens
        /// hold: each must show `finalAuthorName` after the last update.
        let rowsByUpdatedAuthor: Int
        /// Thread roots that each get one listener, one by one, instead of
        /// updates (shape 4).
        var listenedRoots: [MessageID] = []
    }

    /// Rocket Data's PerformanceTests (`plivesey/ConsistencyManager-iOS`,
    /// `SampleApp/ConsistencyManagerDemoTests/PerformanceTests.swift`) as
    /// shapes of one thread, and this project's variants of them.
    struct ReferenceShape: Sendable {
        enum Work: Sendable {
            /// What the published test does: the same tree posted back, which
            /// the manager compares and stops at the root (nothing delivered).
            case sameTreePosted
            /// This project's variant: every model of the tree edited, the
            /// whole tree posted.
            case everyModelEdited
            /// A listener added to a 1000-model tree
            /// (`testListenerSpeedLargeModel`), each on a tree of its own.
            case listenerAdded(trees: Int)
        }

        let name: String
        let models: Int
        let branching: Int
        let listeners: Int
        let work: Work
        /// "Simulator (iPhone 5)" and "iPhone 6+", seconds, for a shape that
        /// does the published work; nil for this project's variants.
        let published: (simulator: Double, device: Double)?

        var addsListener: Bool {
            if case .listenerAdded = work { return true }
            return false
        }
    }

    static let referenceShapes = [
        ReferenceShape(
            name: "Rocket Data's test: the same 1000-model tree posted back, branching 1000, 1 listener",
            models: 1_000, branching: 1_000, listeners: 1, work: .sameTreePosted,
            published: (0.150, 0.367)),
        ReferenceShape(
            name: "Rocket Data's test: the same 300-model tree posted back, branching 300, 10 listeners",
            models: 300, branching: 300, listeners: 10, work: .sameTreePosted, published: (0.238, 0.668)),
        ReferenceShape(
            name: "Rocket Data's test: the same 1000-model tree posted back, branching 2, 1 listener",
            models: 1_000, branching: 2, listeners: 1, work: .sameTreePosted, published: (0.158, 0.366)),
        ReferenceShape(
            name: "Rocket Data's test: a listener added to a 1000-model tree, branching 50",
            models: 1_000, branching: 50, listeners: 0, work: .listenerAdded(trees: 20),
            published: (0.022, 0.063)),
        ReferenceShape(
            name: "edited: every model of a 1000-model tree changed, branching 1000, 1 listener",
            models: 1_000, branching: 1_000, listeners: 1, work: .everyModelEdited, published: nil),
        ReferenceShape(
            name: "edited: every model of a 300-model tree changed, branching 300, 10 listeners",
            models: 300, branching: 300, listeners: 10, work: .everyModelEdited, published: nil),
        ReferenceShape(
            name: "edited: every model of a 1000-model tree changed, branching 2, 1 listener",
            models: 1_000, branching: 2, listeners: 1, work: .everyModelEdited, published: nil),
    ]

    @usableFromInline static let id = ScenarioID.childPropagation

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let update: MetricID = "update"
        static let updateRendered: MetricID = "update.rendered"
        static let listen: MetricID = "listen"
        static let notifications: MetricID = "update.notifications"
        static let rebuilt: MetricID = "update.rebuilt"
        static let inconsistent: MetricID = "inconsistent"
    }
    @usableFromInline static let headline = Metric.updateRendered.p50
    @usableFromInline static let charts = [ChartSpec(Metric.update.p50), ChartSpec(Metric.updateRendered.p50)]

    /// The shape that adds a listener is timed on that, not on updates.
    @usableFromInline static func headline(for parameters: ParameterSet) -> MetricID {
        let shape = parameters[Parameter.shape]
        return shape > 0 && referenceShapes[shape - 1].addsListener ? Metric.listen.p50 : headline
    }
    @usableFromInline
    static let title = "update a user embedded in P messages; every parent must be consistent afterwards"
    @usableFromInline static let origin = "Rocket Data"
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let shape = ParameterSpec(
            variant: "shape",
            "0: P parents at a depth; 1-4: Rocket Data's performance tests as published; "
                + "5-7: shapes 1-3 with every model edited", range: 0...7, quick: 0, standard: 0, full: 0)
        static let P = ParameterSpec(
            "P", "messages the user is embedded in", range: 1...1_000_000, tiny: 6, quick: 100, standard: 1_000,
            full: 1_000)
        static let depth = ParameterSpec(
            "depth", "reply levels above each parent", range: 0...12, tiny: 1, quick: 1, standard: 2, full: 2)
        static let listeners = ParameterSpec(
            "listeners", "thread screens listening (each also watches the user)", range: 0...100_000,
            tiny: 10, quick: 10, standard: 100, full: 100)
        static let updates = ParameterSpec(
            "updates", "updates per round", range: 1...10_000, tiny: 3, quick: 20, standard: 20, full: 20)
    }
    @usableFromInline
    static let parameters = [Parameter.shape, Parameter.P, Parameter.depth, Parameter.listeners, Parameter.updates]
    @usableFromInline static let notes = [
        "shape 0: the user authors P messages at the given depth below their thread roots; a snapshot store "
            + "rebuilds each parent and every ancestor up to the root, a uniquing store changes one object.",
        "shapes 1-3 do what Rocket Data's PerformanceTests.swift does: the same thread is posted back (the manager "
            + "compares it with every listener's tree and stops at the root; nothing is delivered); shape 4 times "
            + "new screens, each observing a held 1000-model thread of its own (the published test adds one listener "
            + "to one tree); shapes 5-7 are this project's variants of 1-3, every model of the thread edited.",
        "Rocket Data's published times (iPhone 5 simulator, 2016: 0.150 s, 0.238 s, 0.158 s, 0.022 s) are on "
            + "other hardware; they frame the order of magnitude of shapes 1-4, not a contest.",
    ]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        "Propagation of one user: \(Metric.rebuilt) parents rebuilt and \(Metric.notifications) notifications per "
            + "update, \(Metric.update.mallocs) mallocs per update; live objects point at the one user object.",
        "Observing a held tree: \(Metric.listen.p50), the cost of registering with the store (a consistency manager "
            + "walks the whole tree to listen to every model in it).",
    ]

    @usableFromInline static func childChangeChecks(for parameters: ParameterSet) -> [MetricID] {
        parameters[Parameter.shape] == 0 ? [Metric.inconsistent] : []
    }

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        let main =
            profile == .full
            ? ParameterSet.sweep(parameters, profile, Parameter.P, [10, 100, 1_000, 10_000])
            : [ParameterSet.defaults(parameters, profile)]
        return main + ParameterSet.sweep(parameters, profile, Parameter.shape, Array(1...referenceShapes.count))
    }

    /// The reference shapes are named after Rocket Data's tests; their other
    /// parameters do not apply, but for the number of updates.
    @usableFromInline static func label(for parameters: ParameterSet) -> String {
        let shape = parameters[Parameter.shape]
        guard shape > 0 else { return parameters.label(order: Self.parameters.filter { $0.name != "shape" }) }
        let reference = referenceShapes[shape - 1]
        if case .listenerAdded(let trees) = reference.work { return "shape=\(shape) \(reference.name), \(trees) trees" }
        return "shape=\(shape) \(reference.name), updates=\(parameters[Parameter.updates])"
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        let shape = parameters[Parameter.shape]
        if shape > 0 { return try prepareReference(referenceShapes[shape - 1], parameters, seed: seed) }
        let leavesPerThread = 1 << parameters[Parameter.depth]
        let threads = (parameters[Parameter.P] + leavesPerThread - 1) / leavesPerThread
        let graph = try GeneratedGraph(
            shape: GraphShape(
                users: 20, tags: 1, notes: 0, tagsPerNote: 0, threads: threads,
                participantsPerMessage: 2, repliesPerMessage: 2, threadDepth: parameters[Parameter.depth]),
            seed: seed)
        // The deepest level of every thread: the parents.
        let perThread = graph.shape.messagesPerThread
        let parents = (0..<parameters[Parameter.P]).map { index -> MessageID in
            let thread = index / leavesPerThread, leaf = index % leavesPerThread
            return MessageID(thread * perThread + perThread - leavesPerThread + leaf + 1)
        }
        let setup = PayloadBatch(
            messages: parents.map {
                MessagePayload(id: $0, author: .present(UserPayload(id: UserID(1))))
            })
        let roots = graph.threadRootIDs
        let listened = (0..<parameters[Parameter.listeners]).map { roots[$0 % roots.count] }
        // Twice as many: the second half is timed with the screens' re-render.
        let updates = (0..<(2 * parameters[Parameter.updates])).map {
            ModelPatch.user(
                UserPayload(
                    id: UserID(1), name: .present("Renamed Author \($0 + 1)"), updatedAt: .present(Int64($0 + 1))))
        }
        // After the setup user 1 wrote the parents and whatever the generator gave it.
        let parentSet = Set(parents)
        func byUpdatedAuthor(_ thread: MessageID) -> Int {
            var count = 0
            var pending = [thread]
            while let id = pending.popLast() {
                if parentSet.contains(id) || graph.message(id).author == UserID(1) { count += 1 }
                pending += graph.message(id).replies
            }
            return count
        }
        return Workload(
            graph: graph, setup: setup, updates: updates, listened: listened,
            finalAuthorName: "Renamed Author \(updates.count)",
            rowsByUpdatedAuthor: listened.reduce(0) { $0 + byUpdatedAuthor($1) })
    }

    private static func prepareReference(
        _ reference: ReferenceShape, _ parameters: ParameterSet, seed: UInt64
    ) throws -> Workload {
        var trees = 1
        if case .listenerAdded(let count) = reference.work { trees = count }
        var graph = try GeneratedGraph(
            shape: GraphShape(
                users: 20, tags: 1, notes: 0, tagsPerNote: 0, threads: trees,
                participantsPerMessage: 2, repliesPerMessage: reference.branching,
                threadSize: reference.models),
            seed: seed)
        let initial = graph
        let root = graph.threadRootIDs[0]
        let posts = 2 * parameters[Parameter.updates]
        let updates: [ModelPatch]
        switch reference.work {
        case .sameTreePosted: updates = Array(repeating: .message(graph.fullPayload(message: root)), count: posts)
        case .everyModelEdited: updates = (0..<posts).map { _ in .message(graph.editThread(root: root)) }
        case .listenerAdded: updates = []
        }
        return Workload(
            graph: initial, setup: PayloadBatch(), updates: updates,
            listened: Array(repeating: root, count: reference.listeners), finalAuthorName: nil,
            rowsByUpdatedAuthor: 0,
            listenedRoots: reference.addsListener ? graph.threadRootIDs : [])
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.graph.fullBatch, parameters, context)
        try store.merge(workload.setup)
        store.finishSetUp()
        if !workload.listenedRoots.isEmpty { return try addListeners(store, workload, context) }
        // Conversation screens, each holding a thread root and observing it.
        let threads = HeldModels(workload.listened.map { store.message($0) })
        let tokens = workload.listened.enumerated().map { store.observe($0.element, threads.handler(for: $0.offset)) }
        let authorScreens =
            workload.finalAuthorName == nil ? [] : workload.listened.map { _ in store.show(.user(UserID(1))) }
        store.finishSetUp()
        var summaries: [ChangeSummary] = []
        let count = workload.updates.count / 2
        summaries.reserveCapacity(count)
        var failure: (any Error)?
        let updates = try TimedLoop.run(count: count, .alike, context: context) { index in
            do {
                summaries.append(
                    try store.settled { () throws(MergeError) in try store.apply(workload.updates[index]) })
            } catch { failure = error }
        }
        if let failure { throw ScenarioError("child-propagation: an update failed: \(failure)") }
        context.progress(0.5)

        // End to end: each update, its delivery on the main thread, and every
        // conversation screen displaying its thread again.
        var checksum = RowChecksum()
        let rendered = try TimedLoop.run(count: count, .alike, context: context) { index in
            do { try store.apply(workload.updates[count + index]) } catch { failure = error }
            store.settle()
            for held in threads.snapshot {
                if let held { store.display(thread: held, into: &checksum) }
            }
        }
        if let failure { throw ScenarioError("child-propagation: an update failed: \(failure)") }
        consume(checksum.value)
        context.progress(1)

        var metrics = RoundMetrics()
        metrics.addLoop(Metric.update, "update", updates, unit: .microseconds)
        metrics.addLoop(
            Metric.updateRendered, "update and every listening screen re-rendered", rendered,
            unit: .microseconds)
        let total = summaries.reduce(ChangeSummary(), +)
        let perUpdate = Double(max(1, summaries.count))
        metrics.add(
            Metric.rebuilt, "parents rebuilt per update", unit: .count, kind: .count,
            Double(total.propagated) / perUpdate)
        metrics.add(
            Metric.notifications, "notifications per update", unit: .count, kind: .count,
            Double(total.notifications) / perUpdate)
        if let name = workload.finalAuthorName {
            // What the screens hold, row by row: every message the user wrote
            // must show its last name.
            var showing = 0
            for held in threads.snapshot {
                guard let held else { continue }
                var rows = RowCapture()
                store.display(thread: held, into: &rows)
                showing += rows.texts.count { $0 == name }
            }
            metrics.add(
                Metric.inconsistent, "rows in held threads not showing the update", unit: .count, kind: .count,
                Double(abs(workload.rowsByUpdatedAuthor - showing)))
        }
        consume((tokens, authorScreens))
        return metrics
    }

    /// Shape 4: a screen per thread holds its thread (looked up beforehand,
    /// as Rocket Data's listener holds its model), and the screens, one by
    /// one, start observing it; no other screen listens to that thread.
    private static func addListeners<Store: ModelStore>(
        _ store: Store, _ workload: Workload, _ context: RoundContext
    ) throws -> RoundMetrics {
        let roots = workload.listenedRoots
        let threads = HeldModels(roots.map { store.message($0) })
        var tokens: [ObservationToken] = []
        tokens.reserveCapacity(roots.count)
        let adds = try TimedLoop.run(count: roots.count, context: context) { index in
            tokens.append(store.observe(roots[index], threads.handler(for: index)))
            store.settle()
        }
        context.progress(1)
        var metrics = RoundMetrics()
        metrics.addLoop(Metric.listen, "observe a held thread", adds, unit: .microseconds)
        consume((threads, tokens))
        return metrics
    }
}

extension ScenarioID {
    public static let childPropagation = ScenarioID("child-propagation")
}
