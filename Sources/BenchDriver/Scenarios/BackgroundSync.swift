import BenchMetrics
import BenchResults
import Foundation
import Instrumentation
import ModelGraph
import StoreInterface
import Synchronization

/// What the whole field asks of a model layer: can sync run off the main
/// thread, and what does the main thread still pay per frame? A writer
/// thread applies sync batches while the main thread (the round's thread)
/// draws a screen of K rows, draining its main queue at the start of every
/// frame as a run loop drains `DispatchQueue.main`.
///
/// Vesper moved to immutable values so that sync merging would leave the
/// main thread alone; Krush found Core Data's main context blocking it and
/// moved the merge to a background context. The headline is the main
/// thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) spent in store work per
/// frame: draining the queue, which applies a main-confined store's merges,
/// swaps values into screens and runs observers.
@usableFromInline enum BackgroundSync: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        /// The graph in the store before the round: all of it, or nothing at launch.
        let initial: PayloadBatch
        let batches: [PayloadBatch]
        /// Each batch as the server sends it: what a real sync decodes before it commits.
        let encoded: [Data]
        /// Whether each batch changes a note on the screen (its rows must show it).
        let touchesScreen: [Bool]
        let shown: [NoteID]
        let authors: [UserID?]
        let tags: [[TagID]]
        let isLaunch: Bool
    }

    @usableFromInline static let id = ScenarioID.backgroundSync

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let launchBlocked: MetricID = "launch.blocked"
        static let launchDone: MetricID = "launch.done"
        static let launchFirst: MetricID = "launch.first"
        static let launchStore: MetricID = "launch.store"
        static let frameWallMax: MetricID = "main.frame.wall.max"
        static let frames: MetricID = "main.frames"
        static let items: MetricID = "main.items"
        static let late: MetricID = "main.late"
        static let over16: MetricID = "main.over16"
        static let over8: MetricID = "main.over8"
        static let readerRead: MetricID = "reader.read.p50"
        static let readerThroughput: MetricID = "reader.throughput"
        static let writesFailed: MetricID = "writes.failed"
        static let delivery: MetricID = "delivery"
        static let frame: MetricID = "main.frame"
        static let render: MetricID = "main.render"
        static let store: MetricID = "main.store"
        static let storeWall: MetricID = "main.store.wall"
        static let mainShare: MetricID = "main.share"
        static let writerBatch: MetricID = "writer.batch"
        static let writerDecode: MetricID = "writer.decode"
        static let writerCommit: MetricID = "writer.commit"
        static let mutated: MetricID = "main.mutated"
        static let rowsStale: MetricID = "rows.stale"
        static let main: MetricID = "main"
        static let writer: MetricID = "writer"
        static let reader: MetricID = "reader"
    }
    @usableFromInline static let headline = Metric.frame.p99

    /// A launch is judged on its worst frame, waits included: what a user
    /// sees stall; a sync in progress on its frames' CPU.
    @usableFromInline static func headline(for parameters: ParameterSet) -> MetricID {
        parameters[Parameter.launch] == 1 ? Metric.frameWallMax : headline
    }
    @usableFromInline static let charts = [
        ChartSpec(Metric.store.p99, references: ChartSpec.frameBudgetsMicroseconds),
        ChartSpec(Metric.frame.p99, references: ChartSpec.frameBudgetsMicroseconds),
        ChartSpec(Metric.frameWallMax, references: ChartSpec.frameBudgetsMicroseconds),
    ]
    @usableFromInline
    static let title =
        "a writer thread syncs batches while the main thread draws K rows and drains its main queue each frame"
    @usableFromInline static let origin = "Vesper, Krush, Core Data main and background contexts"
    @usableFromInline static let countsInstructions = false
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let hz = ParameterSpec(
            variant: "hz", "frames: 0 back to back in virtual time, 60 or 120 per second of real time", range: 0...120,
            quick: 0, standard: 0, full: 0)
        static let batch = ParameterSpec(
            "batch", "payloads per sync batch", range: 1...100_000, tiny: 6, quick: 20, standard: 20, full: 20)
        static let rate = ParameterSpec(
            "rate", "payloads synced per second (the writer's pace; at launch, as fast as it can)",
            range: 1...1_000_000, tiny: 200, quick: 600, standard: 600, full: 600)
        static let K = ParameterSpec(
            "K", "rows on the main screen", range: 1...10_000, tiny: 5, quick: 20, standard: 50, full: 50)
        static let readers = ParameterSpec(
            "readers", "background reader threads", range: 0...64, tiny: 1, quick: 0, standard: 0, full: 0)
        static let frames = ParameterSpec(
            "frames", "frames per round (at launch, at most)", range: 10...1_000_000,
            tiny: 20, quick: 10_000, standard: 1_000, full: 2_500)
        static let N = ParameterSpec(
            "N", "models in the graph", range: 100...2_000_000, tiny: 300, quick: 4_000, standard: 20_000, full: 20_000)
        static let launch = ParameterSpec(
            variant: "launch", "1: the store starts empty and the whole graph arrives while the main thread draws",
            range: 0...1, quick: 0, standard: 0, full: 0)
        static let sync = ParameterSpec(
            variant: "sync",
            "who syncs: 0 a sync thread decodes each batch's JSON, then commits it (the "
                + "store's lock held only to commit); 1 stress: batches decoded beforehand, committed back to "
                + "back with no work between commits; 2 the main thread decodes and commits each batch in its "
                + "frame (Krush's before: a main-context-only app)",
            range: 0...2, quick: 0, standard: 0, full: 0)
    }
    /// Who syncs: the values of the `sync` parameter.
    @usableFromInline enum Sync: Int, CaseIterable, Sendable {
        /// A sync thread decodes each batch's JSON, then commits it, holding
        /// the store's lock only to commit: what a real sync does.
        case syncThread = 0
        /// Stress no real sync makes: batches decoded beforehand, committed
        /// back to back.
        case backToBack = 1
        /// The main thread decodes and commits each batch in its frame:
        /// Krush's before, a main-context-only app.
        case mainThread = 2

        /// The case's `sync`, which `Parameter.sync`'s range keeps to these.
        init(_ parameters: ParameterSet) {
            guard let sync = Sync(rawValue: parameters[Parameter.sync]) else {
                preconditionFailure("sync=\(parameters[Parameter.sync]) is outside the parameter's range")
            }
            self = sync
        }
    }

    @usableFromInline
    static let parameters = [
        Parameter.hz, Parameter.batch, Parameter.rate, Parameter.K, Parameter.readers, Parameter.frames, Parameter.N,
        Parameter.launch, Parameter.sync,
    ]
    @usableFromInline static let notes = [
        "Main-thread CPU time (the thread's own clock, so time spent preempted does not count) per frame, split "
            + "into store work (draining the main queue: a main-confined store's merges, screens swapping in new "
            + "values, observers) and drawing the K rows. Frames over budget count frames whose CPU time alone "
            + "exceeds 8.3 or 16.7 ms. The wall-clock figures add what the main thread waited, for the store's "
            + "lock while the writer holds it, say; late frames are those longer than the budget on the wall clock.",
        "hz=0: frames back to back in virtual time: a batch is written while the frame it falls in is drawn, and "
            + "the next frame drains it, so each frame's work is set by the schedule, not by timer wake-ups. hz=60 "
            + "or 120: frames and batches on a real clock.",
        "A third of each batch changes notes on the screen; the screen observes its notes, their authors and "
            + "tags. Delivery: from a batch's write to the end of the first frame whose rows show it.",
        "sync=0 decodes each batch from its JSON on the sync thread, outside the store's lock, and then commits it, "
            + "as a background context parses and inserts before it saves: the writer's commit (its merge call, which "
            + "holds the store's lock but for delivering observers) is set beside the main thread's longest single "
            + "wait for that lock. sync=1 is a stress case no real sync makes: commits back to back. sync=2 does the "
            + "decoding and merging on the main thread, in its frames. The store's lock is the platform's default "
            + "mutex, unfair as Darwin's is.",
        "Store work counts every store access on the main thread: draining its queue, and reading rows through "
            + "the store (a flat cache's joins, a locked object's fields) where the design reads them there.",
        "Launch: the store starts empty and the graph arrives in batches, written as fast as the writer can, "
            + "while the main thread draws at 60 Hz: time until a frame shows all K rows, main-thread CPU spent in "
            + "store work meanwhile, and time until the whole graph is on the main thread.",
    ]
    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        ("While a sync thread decodes and commits, main-thread store work per frame is \(Metric.store.p99) at p99, "
            + "with \(Metric.items) work items and \(Metric.mutated) objects changed on the main thread per batch; a store "
            + "that applies merges to its objects on the main thread pays there what the others pay on the sync thread, "
            + "whose commit takes \(Metric.writerCommit.p50) (p50).").describing([
                Parameter.launch: 0, Parameter.sync: Sync.syncThread.rawValue,
            ]),
        ("At launch, the main thread spends \(Metric.launchStore) of CPU in store work and is held up \(Metric.launchBlocked) "
            + "in all; its longest single wait for the store's lock is \(Metric.main.lockwait.max), against the sync "
            + "thread's longest commit of \(Metric.writerCommit.max); a frame first shows every row after "
            + "\(Metric.launchFirst).").describing([Parameter.launch: 1, Parameter.sync: Sync.syncThread.rawValue]),
    ]

    @usableFromInline
    static func checks(for parameters: ParameterSet) -> [MetricID] { [Metric.writesFailed] }

    /// A row shows its note's author and tags: where a note keeps them as
    /// built, a sync that changes them alone leaves the row as it was.
    @usableFromInline
    static func childChangeChecks(for parameters: ParameterSet) -> [MetricID] { [Metric.rowsStale] }

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        let headline = ParameterSet.defaults(parameters, profile)
        guard profile != .quick else { return [headline] }
        var launch = headline
        launch[Parameter.launch] = 1
        launch[Parameter.hz] = 60
        // The whole graph arrives: 50,000 models in both profiles, where
        // the longest frame of a launch sets claim 4's verdict (20,000
        // models fit every store's frames; 100,000 only lengthen the launch).
        launch[Parameter.N] = 50_000
        launch[Parameter.batch] = 2_000
        launch[Parameter.frames] = 6_000
        let batches = ParameterSet.sweep(parameters, profile, Parameter.batch, [20, 2_000, 20_000])
        // The launch as a real sync runs it, as Krush's main-context-only app
        // ran it, and under a writer that commits back to back (stress).
        let launches = [Sync.syncThread, .mainThread, .backToBack].map { sync -> ParameterSet in
            var set = launch
            set[Parameter.sync] = sync.rawValue
            return set
        }
        var onMain = headline
        onMain[Parameter.sync] = Sync.mainThread.rawValue
        guard profile == .full else { return batches + [onMain] + launches }
        // On a real clock, 2 s a round (120 or 240 frames: a p99 among the worst
        // one or two); the write rate and background readers.
        let realTime = [60, 120].map { hz -> ParameterSet in
            var set = headline
            set[Parameter.hz] = hz
            set[Parameter.frames] = hz * 2
            return set
        }
        // Faster writers over fewer frames, at least 200: 2,500 frames at
        // 60,000 payloads a second are 125,000 batches a round, seconds of
        // the writer's work in every round of every store.
        let rates = ParameterSet.sweep(parameters, profile, Parameter.rate, [600, 6_000, 60_000]).map {
            rated -> ParameterSet in
            var set = rated
            set[Parameter.frames] = max(200, headline[Parameter.frames] * 600 / rated[Parameter.rate])
            return set
        }
        let readers = ParameterSet.sweep(parameters, profile, Parameter.readers, [0, 1, 2])
        var seen = Set<ParameterSet>()
        return (batches + [onMain] + rates + readers + realTime + launches).filter { seen.insert($0).inserted }
    }

    @usableFromInline static func validate(_ parameters: ParameterSet) throws(ScenarioError) {
        guard [0, 60, 120].contains(parameters[Parameter.hz]) else {
            throw ScenarioError(
                "background-sync: hz must be 0 (virtual time), 60 or 120, got \(parameters[Parameter.hz])")
        }
        guard GraphShape.app(models: parameters[Parameter.N]).notes >= parameters[Parameter.K] else {
            throw ScenarioError("background-sync needs at least K=\(parameters[Parameter.K]) notes; raise N")
        }
        guard Sync(parameters) != .mainThread || parameters[Parameter.readers] == 0 else {
            throw ScenarioError("background-sync: sync=2 syncs on the main thread; it has no background readers")
        }
    }

    /// The frame budget, nanoseconds.
    static func budget(_ parameters: ParameterSet) -> UInt64 {
        parameters[Parameter.hz] == 120 ? 8_333_333 : 16_666_667
    }

    /// Nanoseconds of virtual or real time between two batches.
    static func interval(_ parameters: ParameterSet) -> UInt64 {
        UInt64(parameters[Parameter.batch]) * 1_000_000_000 / UInt64(parameters[Parameter.rate])
    }

    /// Each screen note update carries `updatedAt = marker + batch`, so a row
    /// says which batch it shows.
    static let marker: Int64 = 1_900_000_000_000

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        try validate(parameters)
        var graph = try GeneratedGraph(shape: .app(models: parameters[Parameter.N]), seed: seed)
        let shown = (1...parameters[Parameter.K]).map(NoteID.init)
        let authors = shown.map { Optional(graph.note($0).author) }
        let tags = shown.map { graph.note($0).tags }
        if parameters[Parameter.launch] == 1 {
            let batches = launchBatches(graph.fullBatch, size: parameters[Parameter.batch])
            let touches = batches.map { batch in batch.notes.contains { $0.id.rawValue <= shown.count } }
            return Workload(
                initial: PayloadBatch(), batches: batches, encoded: batches.map { $0.json() },
                touchesScreen: touches, shown: shown, authors: authors, tags: tags, isLaunch: true)
        }
        let initial = graph.fullBatch
        var random = SeededRandom(seed: seed ^ 0xB5)
        let count = max(1, Int(UInt64(parameters[Parameter.frames]) * budget(parameters) / interval(parameters)))
        var touches: [Bool] = []
        let batches = (0..<count).map { index -> PayloadBatch in
            var batch = PayloadBatch()
            var touched = false
            for slot in 0..<parameters[Parameter.batch] {
                switch slot % 3 {
                case 0:
                    let note = shown[random.below(shown.count)]
                    batch.notes.append(
                        NotePayload(
                            id: note, title: .present("Synced in batch \(index)"),
                            updatedAt: .present(marker + Int64(index))))
                    touched = true
                case 1:
                    batch.notes.append(
                        graph.partialUpdate(
                            note: NoteID(1 + random.below(graph.notes.count)), fieldCount: 2, noOp: false))
                default:
                    batch.users.append(
                        graph.partialUpdate(
                            user: UserID(1 + random.below(graph.users.count)), fieldCount: 2, noOp: false))
                }
            }
            touches.append(touched)
            return batch
        }
        return Workload(
            initial: initial, batches: batches, encoded: batches.map { $0.json() }, touchesScreen: touches,
            shown: shown, authors: authors, tags: tags, isLaunch: false)
    }

    /// The whole graph in batches of `size` top-level payloads, children
    /// before the models that refer to them, as a first sync delivers it.
    static func launchBatches(_ graph: PayloadBatch, size: Int) -> [PayloadBatch] {
        var batches: [PayloadBatch] = []
        func chunks<T>(_ payloads: [T], _ wrap: ([T]) -> PayloadBatch) {
            var start = 0
            while start < payloads.count {
                batches.append(wrap(Array(payloads[start..<min(start + size, payloads.count)])))
                start += size
            }
        }
        chunks(graph.users) { PayloadBatch(users: $0) }
        chunks(graph.tags) { PayloadBatch(tags: $0) }
        chunks(graph.notes) { PayloadBatch(notes: $0) }
        chunks(graph.messages) { PayloadBatch(messages: $0) }
        return batches
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.initial, parameters, context)
        let screen = MainThreadScreen(
            store, showing: workload.shown, authors: workload.authors, tags: workload.tags,
            mainQueue: context.mainQueue)
        let run = SyncRun(store: store, screen: screen, workload: workload, parameters: parameters, context: context)
        let refreshedBefore = store.counts.refreshedOnMain
        let reports = run.run()
        context.progress(1)
        var metrics = run.metrics(reports: reports)
        metrics.add(
            Metric.mutated, "main: objects changed on the main thread per batch", unit: .count, kind: .count,
            Double(store.counts.refreshedOnMain - refreshedBefore) / Double(max(1, workload.batches.count)))
        metrics.add(
            Metric.rowsStale, "rows showing other than the final state", unit: .count, kind: .count,
            Double(run.staleRows()))
        consume(screen)
        return metrics
    }
}

extension ScenarioID {
    public static let backgroundSync = ScenarioID("background-sync")
}
