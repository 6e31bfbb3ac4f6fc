import BenchResults
import ModelGraph
import StoreInterface
import Synchronization

/// NotificationCenter per class and id: one change heard by O observers, on
/// one id or spread over many; and the cost of observers coming and going.
@usableFromInline enum ObserverFanout: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        let graph: GeneratedGraph
        /// One batch per operation, updating every observed user.
        let updates: [PayloadBatch]
        /// As many more, timed with every screen's re-render.
        let renderedUpdates: [PayloadBatch]
    }

    @usableFromInline static let id = ScenarioID.observerFanout

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let update: MetricID = "update"
        static let updateRendered: MetricID = "update.rendered"
        static let churn: MetricID = "churn"
        static let missed: MetricID = "missed"
        static let notifications: MetricID = "notifications"
        static let perObserver: MetricID = "update.per.observer"
    }
    @usableFromInline static let headline = Metric.updateRendered.p50
    @usableFromInline
    static let title = "one update heard by O observers (on one id, or spread over many); add/remove churn"
    @usableFromInline static let origin = "NotificationCenter per class + id"
    // Sizes that snapshot-listened finishes: Rocket Data's update re-adds
    // every listener of a changed model to its new models, each add a scan
    // of that id's listener array (ConsistencyManager.swift,
    // updateListeners → addListener(_:recursivelyToChildModels:)), so L
    // listeners of one model cost L² per update. At 10,000 observers and
    // 200 updates a round of it ran over four minutes on its worker thread.
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let observers = ParameterSpec(
            "observers", "observers registered", range: 1...1_000_000, tiny: 20, quick: 1_000, standard: 1_000,
            full: 10_000)
        static let ids = ParameterSpec(
            "ids", "users the observers are spread over", range: 1...100_000, tiny: 20, quick: 1, standard: 1, full: 1)
        static let updates = ParameterSpec(
            "updates", "updates per round", range: 1...100_000, tiny: 3, quick: 50, standard: 10, full: 10)
        // 2,000: Rocket Data's addListener scans the id's listener array and
        // only an update prunes it, so churn on one id is quadratic there too;
        // at 200,000 pairs over 10,000 observers a round of snapshot-listened
        // ran six minutes (its worker's backlog).
        static let churn = ParameterSpec(
            "churn", "observe-and-cancel pairs timed per round", range: 1...10_000_000,
            tiny: 100, quick: 2_000, standard: 2_000, full: 2_000)
    }
    @usableFromInline static let parameters = [Parameter.observers, Parameter.ids, Parameter.updates, Parameter.churn]
    /// Under callgrind a round of snapshot-listened's updates at the full
    /// profile's largest size (each update scans every listener) would take
    /// the pass far longer than the rest of the run (docs/CONSTANTS.md,
    /// ObserverFanout.instructionsCountedUpTo).
    @usableFromInline
    static let instructionsCountedUpTo: (parameter: ParameterSpec, value: Int)? = (Parameter.observers, 1_000)
    @usableFromInline static let notes = [
        "update: one batch changing every observed user, timed until every handler has run (delivery is "
            + "synchronous on the writing thread when nothing else writes); update and every screen re-rendered: "
            + "as many more, each followed by every observer's screen drawing its user's row again.",
        "churn: registering an observer and releasing its token; its instruction count includes the work a store "
            + "queued for another thread (snapshot-listened's manager), finished after the loop.",
    ]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        "Notification fan-out: every update calls each of its observers, \(Metric.perObserver) per observer; "
            + "a value store hands each one a new value, a live-object store the same object."
    ]

    @usableFromInline static func checks(for parameters: ParameterSet) -> [MetricID] { [Metric.missed] }

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        switch profile {
        case .quick, .default:
            let spread = ParameterSet.defaults(parameters, profile)
            var many = spread
            many[Parameter.ids] = min(1_000, many[Parameter.observers])
            return [spread, many]
        case .full:
            return ParameterSet.sweep(parameters, profile, Parameter.observers, [1, 10, 100, 1_000, 10_000])
                + [ParameterSet(ParameterSet.defaults(parameters, profile).values.merging(["ids": 1_000]) { $1 })]
        }
    }

    @usableFromInline static func validate(_ parameters: ParameterSet) throws(ScenarioError) {
        guard parameters[Parameter.ids] <= parameters[Parameter.observers] else {
            throw ScenarioError(
                "observer-fanout: ids (\(parameters[Parameter.ids])) cannot exceed observers (\(parameters[Parameter.observers]))"
            )
        }
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        try validate(parameters)
        let ids = parameters[Parameter.ids]
        var graph = try GeneratedGraph(
            shape: GraphShape(
                users: max(ids, 10), tags: 1, notes: 0, tagsPerNote: 0, threads: 0, participantsPerMessage: 0),
            seed: seed)
        let initial = graph
        let batches = (0..<(2 * parameters[Parameter.updates])).map { _ in
            PayloadBatch(users: (1...ids).map { graph.partialUpdate(user: UserID($0), fieldCount: 1, noOp: false) })
        }
        return Workload(
            graph: initial, updates: Array(batches.prefix(parameters[Parameter.updates])),
            renderedUpdates: Array(batches.dropFirst(parameters[Parameter.updates])))
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.graph.fullBatch, parameters, context)
        let heard = Atomic<Int>(0)
        let ids = parameters[Parameter.ids], observers = parameters[Parameter.observers]
        // Each observer is a screen holding the user it shows.
        var holders: [HeldModels<Store.UserHandle>] = []
        var tokens: [ObservationToken] = []
        holders.reserveCapacity(observers)
        tokens.reserveCapacity(observers)
        for index in 0..<observers {
            let id = UserID(1 + index % ids)
            let holder = HeldModels([store.user(id)])
            let swap = holder.handler(for: 0)
            holders.append(holder)
            tokens.append(
                store.observe(id) { change in
                    heard.add(1, ordering: .relaxed)
                    swap(change)
                })
        }
        store.finishSetUp()
        var failure: (any Error)?
        // Each update changes the same user on a store in the same state:
        // alike for the instruction pass.
        let updates = try TimedLoop.run(count: workload.updates.count, .alike, context: context) { index in
            do { try store.merge(workload.updates[index]) } catch { failure = error }
            store.settle()
        }
        if let failure { throw ScenarioError("observer-fanout: an update failed: \(failure)") }
        // Every update changes every observed user: each observer must hear each one.
        let delivered = heard.load(ordering: .relaxed)
        let missed = workload.updates.count * observers - delivered
        context.progress(0.4)

        // End to end: each update, and every observer's screen drawing its
        // user's row again.
        var checksum = RowChecksum()
        let rendered = try TimedLoop.run(count: workload.renderedUpdates.count, .alike, context: context) { index in
            do { try store.merge(workload.renderedUpdates[index]) } catch { failure = error }
            store.settle()
            for holder in holders {
                if let user = holder[0] { store.display(user, into: &checksum) }
            }
        }
        if let failure { throw ScenarioError("observer-fanout: an update failed: \(failure)") }
        consume(checksum.value)
        context.progress(0.6)

        // The work the churn left queued (a consistency manager's backlog) is
        // finished untimed, so it ends with the round, not during the next
        // store's, and is part of the churn's instruction count.
        let churn = try TimedLoop.run(count: parameters[Parameter.churn], warmup: 100, context: context) { index in
            store.observe(UserID(1 + index % ids)) { _ in }.cancel()
        } finish: {
            store.settle()
        }
        context.progress(1)

        var metrics = RoundMetrics()
        metrics.addLoop(Metric.update, "update heard by all", updates, unit: .microseconds)
        metrics.addLoop(Metric.updateRendered, "update and every screen re-rendered", rendered, unit: .microseconds)
        if let update = updates.latency {
            metrics.add(
                Metric.perObserver, "per observer (update p50 / O)", unit: .nanoseconds, kind: .timing,
                update.p50 / Double(observers))
        }
        metrics.add(
            Metric.notifications, "handler calls per update", unit: .count, kind: .count,
            Double(delivered) / Double(max(1, workload.updates.count)))
        metrics.add(Metric.missed, "handler calls due but not delivered", unit: .count, kind: .count, Double(missed))
        metrics.addLoop(Metric.churn, "observe + cancel", churn)
        consume((tokens, holders))
        return metrics
    }
}

extension ScenarioID {
    public static let observerFanout = ScenarioID("observer-fanout")
}
