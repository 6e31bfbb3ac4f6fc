import BenchMetrics
import BenchResults
import Foundation
import ModelGraph
import StoreInterface

/// What a model costs in memory at rest, what holding it costs, and what old
/// snapshots keep alive after a change.
@usableFromInline enum MemoryFootprintScenario: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        /// Decoded fresh each round, so the store owns every string it holds.
        let json: Data
        let models: Int
        let held: [NoteID]
        /// Every field of every user changed, as JSON: decoded fresh each
        /// round, so the new strings belong to the store.
        let renameEveryUser: Data
    }

    @usableFromInline static let id = ScenarioID.memory

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let freed: MetricID = "freed"
        static let held: MetricID = "held"
        static let model: MetricID = "model"
        static let update: MetricID = "update"
    }
    @usableFromInline static let headline = Metric.model
    @usableFromInline
    static let title = "steady-state bytes per model, bytes per held model, and what old snapshots keep alive"
    @usableFromInline static let origin = "every app"
    @usableFromInline static let countsInstructions = false
    /// Heap bytes repeat exactly from round to round (a test checks).
    @usableFromInline static let maximumRounds: Int? = 2
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let N = ParameterSpec(
            "N", "models in the graph", range: 100...2_000_000, tiny: 300, quick: 4_000, standard: 10_000, full: 100_000
        )
        static let held = ParameterSpec(
            "held", "share of notes held by screens, %", range: 0...100, tiny: 100, quick: 10, standard: 10, full: 10)
    }
    @usableFromInline static let parameters = [Parameter.N, Parameter.held]
    @usableFromInline static let notes = [
        "Heap bytes from jemalloc's stats.allocated, each read once no other thread of the process has run for "
            + "a millisecond (a released store's last work, such as GRDB's database disposed by libdispatch on a "
            + "worker thread, is done), a round measured again if a thread started or ended during it: exact for "
            + "a given build and seed, so they are compared as counts. Resident memory is the whole process's, "
            + "the same for every store, and not reported.",
        "after changing every user: every field of every user changed while screens hold their notes; a snapshot "
            + "store keeps the old values the screens hold alive beside the new ones, a uniquing store changes its "
            + "objects in place.",
        "left once the store is gone: what stays allocated per model after screens, store and payloads are all "
            + "released; anything but about 0 is a leak.",
        "Each store keeps one entry per model: snapshot-flat its FlatCache's values, snapshot-notified its model "
            + "cache's, snapshot-embedded its snapshots (each embedding its children's values), snapshot-listened "
            + "the records of the app's cache (its screens hold the trees), the live-object stores the records "
            + "behind their objects; the reverse index beside them is what cascades read.",
    ]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        "Representation: \(Metric.model) per model at rest; a held model adds \(Metric.held) (a live object and its weak entry, or "
            + "a retained value), and an update leaves \(Metric.update) alive in old versions that holders still reference."
    ]

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        profile == .full
            ? ParameterSet.sweep(parameters, profile, Parameter.N, [10_000, 50_000, Profile.largestSweptGraph])
            : [ParameterSet.defaults(parameters, profile)]
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        var graph = try GeneratedGraph(shape: .app(models: parameters[Parameter.N]), seed: seed)
        let json = graph.fullBatch.json()
        let held = (0..<(graph.notes.count * parameters[Parameter.held] / 100)).map { NoteID($0 + 1) }
        let rename = PayloadBatch(
            users: graph.userIDs.map { graph.partialUpdate(user: $0, fieldCount: 7, noOp: false) })
        return Workload(json: json, models: graph.shape.modelCount, held: held, renameEveryUser: rename.json())
    }

    /// How many times a round is measured before it fails because threads
    /// of the process kept starting or ending while it ran.
    static let attempts = 5

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        guard context.countsAllocations else {
            throw ScenarioError("memory needs jemalloc as the allocator to read the heap")
        }
        for _ in 1...attempts {
            if let metrics = try measure(type, workload, parameters, context) {
                // Reported only now: the progress line is a string that
                // changes size, and the heap readings would count it.
                context.progress(1)
                return metrics
            }
        }
        throw ScenarioError(
            "memory: threads of this process started or ended during each of \(attempts) attempts at a round, "
                + "so its heap readings would count their state")
    }

    /// One round's readings, each taken with the process at rest; nil when
    /// the process's threads at the end are not those of the start: a thread
    /// that ended during the round freed its state, one that started and is
    /// still there holds its own, and either would be counted as the store's.
    /// A thread a store starts and ends itself (a consistency manager's) is
    /// the store's.
    private static func measure<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics? {
        func reading() throws -> MemoryFootprint.AtRest {
            context.mainQueue.releaseCapacity()
            return context.readsHeapAtRest ? try MemoryFootprint.atRest() : try MemoryFootprint.AtRest.now()
        }
        let empty = try reading()
        var store: Store? = freshStore(type, parameters, context)
        try store!.merge(PayloadBatch(json: workload.json))
        // Every reading is of a store at rest: what its writes handed to
        // other threads (a consistency manager) is done.
        store!.settle()
        let loaded = try reading().footprint

        // The screens are passed to an opaque function between measurements:
        // otherwise the optimizer may drop an array nobody reads, and the
        // screens would hold nothing.
        var screens = workload.held.map { store!.note($0) }
        consume(screens)
        let holding = try reading().footprint
        try store!.merge(PayloadBatch(json: workload.renameEveryUser))
        store!.settle()
        consume(screens)
        let updated = try reading().footprint

        screens.removeAll()
        store!.purge()
        store!.settle()
        store = nil
        let freed = try reading()
        guard freed.threads == empty.threads else { return nil }

        var metrics = RoundMetrics()
        let models = Double(workload.models)
        let held = Double(max(1, workload.held.count))
        func difference(_ to: MemoryFootprint, _ from: MemoryFootprint) -> Double {
            Double(to.allocated) - Double(from.allocated)
        }
        metrics.add(
            Metric.model, "bytes per model", unit: .bytes, kind: .count,
            difference(loaded, empty.footprint) / models)
        metrics.add(Metric.held, "bytes per held note", unit: .bytes, kind: .count, difference(holding, loaded) / held)
        metrics.add(
            Metric.update, "bytes added by changing every user, per held note", unit: .bytes, kind: .count,
            difference(updated, holding) / held)
        metrics.add(
            Metric.freed, "bytes per model left once the store is gone", unit: .bytes, kind: .count,
            difference(freed.footprint, empty.footprint) / models)
        consume(screens)
        return metrics
    }
}

extension ScenarioID {
    public static let memory = ScenarioID("memory")
}
