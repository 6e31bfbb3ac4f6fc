import BenchResults
import ModelGraph
import StoreInterface

/// A list screen: look models up, hold them, read a page of rows per frame.
@usableFromInline enum FeedRead: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        let graph: GeneratedGraph
        /// Random note ids to look up, the same for every store and round.
        let lookups: [NoteID]
    }

    @usableFromInline static let id = ScenarioID.feedRead

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let heldLookup: MetricID = "lookup.held"
        static let coldLookup: MetricID = "lookup.cold"
        static let frame: MetricID = "frame"
        static let frameBudget: MetricID = "frame.budget"
        static let row: MetricID = "row"
        static let lookupFloor: MetricID = "lookup.floor"
        static let frameFloor: MetricID = "frame.floor"
        static let rowFloor: MetricID = "row.floor"
    }
    @usableFromInline static let headline = Metric.frame.p50
    @usableFromInline static let title = "read the displayed fields of a page of K notes per frame, and look notes up"
    @usableFromInline static let origin = "every list screen"
    /// A lookup or a frame counts the same instructions in a larger graph
    /// (callgrind sees no cache misses), while the pass builds each store
    /// twice under Valgrind: past the default graph, minutes a store.
    @usableFromInline
    static let instructionsCountedUpTo: (parameter: ParameterSpec, value: Int)? = (Parameter.N, 20_000)
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let N = ParameterSpec(
            "N", "models in the graph (half of them notes)", range: 100...2_000_000,
            tiny: 300, quick: 4_000, standard: 20_000, full: 100_000)
        static let K = ParameterSpec(
            "K", "rows per frame", range: 1...10_000, tiny: 5, quick: 20, standard: 50, full: 50)
        static let frames = ParameterSpec(
            "frames", "frames rendered per round", range: 1...1_000_000,
            tiny: 20, quick: 2_000, standard: 1_000, full: 1_000)
        static let lookups = ParameterSpec(
            "lookups", "lookups timed per round", range: 1...10_000_000,
            tiny: 200, quick: 20_000, standard: 10_000, full: 10_000)
        static let scroll = ParameterSpec(
            variant: "scroll",
            "0: the same K rows every frame; 1: a list scrolling K rows a frame, holding "
                + "only what is on screen and a small prefetch, each new row looked up and observed as it "
                + "appears", range: 0...1, quick: 0, standard: 0, full: 0)
    }
    @usableFromInline
    static let parameters = [Parameter.N, Parameter.K, Parameter.frames, Parameter.lookups, Parameter.scroll]
    @usableFromInline static let notes = [
        "A row is a note's title, author name, tag names, pinned flag and date (`RowLayout`).",
        "held lookup: every note is on a screen that holds and observes it, so a live-object store finds its "
            + "object (a weak-table hit) and a listening store its tree; cold lookup: the screens are gone, so a "
            + "live-object store builds an object each time (and it dies again), a listening store a value.",
        "Lookups and rows cheaper than 10 clock reads are timed in batches; their percentiles are of batch means.",
        "scroll=1: a list scrolling once through every note, K rows a frame, its first tenth untimed; it times "
            + "only its frames (the lookups are scroll=0's). The screen holds and observes only the "
            + "rows on it and half a screen prefetched below; each frame the rows that come into view are looked up "
            + "and observed as their cells appear and the rows that leave are let go (their observations "
            + "cancelled), so nothing else holds them: a live-object store builds their objects, which die again "
            + "when they scroll away.",
    ]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        ("A row reads its fields from what the screen holds: a value in hand, live objects (each under its lock "
            + "where objects are shared between threads) or a flat note joined through the cache (\(Metric.row) per row); "
            + "a held lookup costs \(Metric.heldLookup.p50), taking \(Metric.heldLookup.locks) locks.")
            .describing([Parameter.scroll: 0])
    ]

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        var scrolling = ParameterSet.defaults(parameters, profile)
        scrolling[Parameter.scroll] = 1
        scrolling[Parameter.frames] = onePass(scrolling)
        return profile == .full
            ? ParameterSet.sweep(parameters, profile, Parameter.N, [1_000, 10_000, Profile.largestSweptGraph]) + [
                scrolling
            ]
            : [ParameterSet.defaults(parameters, profile), scrolling]
    }

    /// Scrolling looks up only the rows it brings into view: its label
    /// leaves out the number of lookups, which only scroll=0 times.
    @usableFromInline static func label(for parameters: ParameterSet) -> String {
        let shown =
            parameters[Parameter.scroll] == 1 ? Self.parameters.filter { $0.name != "lookups" } : Self.parameters
        return parameters.label(order: shown)
    }

    @usableFromInline static func validate(_ parameters: ParameterSet) throws(ScenarioError) {
        guard GraphShape.app(models: parameters[Parameter.N]).notes >= parameters[Parameter.K] else {
            throw ScenarioError("feed-read needs at least K=\(parameters[Parameter.K]) notes; raise N")
        }
        guard parameters[Parameter.scroll] == 0 || parameters[Parameter.frames] <= onePass(parameters) else {
            throw ScenarioError(
                "feed-read scroll=1 scrolls once through the notes: at N=\(parameters[Parameter.N]) K=\(parameters[Parameter.K]) "
                    + "at most frames=\(onePass(parameters)), got \(parameters[Parameter.frames])")
        }
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        try validate(parameters)
        let graph = try GeneratedGraph(shape: .app(models: parameters[Parameter.N]), seed: seed)
        var random = SeededRandom(seed: seed ^ 0xFEED)
        let lookups = (0..<(parameters[Parameter.scroll] == 1 ? 0 : parameters[Parameter.lookups])).map { _ in
            NoteID(1 + random.below(graph.notes.count))
        }
        return Workload(graph: graph, lookups: lookups)
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.graph.fullBatch, parameters, context)
        let rows = parameters[Parameter.K]
        var metrics = RoundMetrics()
        var checksum = RowChecksum()

        // Scrolling (scroll=1), as a list scrolls: the screen holds and
        // observes only the rows on it and a few prefetched below; every
        // frame K rows come into view, each looked up and observed as its
        // cell appears, and K leave, let go. The lookups are scroll=0's.
        if parameters[Parameter.scroll] == 1 {
            store.finishSetUp()
            let frames = try scroll(
                store, notes: workload.graph.noteIDs, rows: rows, parameters: parameters,
                context: context, into: &checksum)
            metrics.addLoop(Metric.frame, "frame of K rows scrolled into view", frames)
            addFrameShares(frames, rows: rows, floor: nil, into: &metrics)
            consume(checksum.value)
            context.progress(1)
            return metrics
        }

        let ids = workload.lookups

        // Held lookups: every note on some screen, which holds it and observes it.
        var screens: HeldModels<Store.NoteHandle>? = HeldModels(workload.graph.noteIDs.map { store.note($0) })
        var tokens = workload.graph.noteIDs.enumerated().map {
            store.observe($0.element, screens!.handler(for: $0.offset))
        }
        defer { consume(tokens) }
        store.finishSetUp()
        let held = try TimedLoop.run(count: ids.count, warmup: min(1_000, ids.count), context: context) { index in
            consume(store.note(ids[index]))
        }
        context.progress(0.3)
        metrics.addLoop(Metric.heldLookup, "held lookup", held, bound: .lookup, floor: Metric.lookupFloor)

        // A page on screen, rendered frame after frame: the same rows of the
        // same store every frame, so alike for the instruction pass.
        let page = screens!.snapshot.prefix(rows).compactMap { $0 }
        let frames = try TimedLoop.run(count: parameters[Parameter.frames], warmup: 100, .alike, context: context) {
            _ in
            for handle in page { store.display(handle, into: &checksum) }
        }
        metrics.addLoop(Metric.frame, "frame of K rows", frames, floor: Metric.frameFloor)
        addFrameShares(frames, rows: rows, floor: Metric.rowFloor, into: &metrics)
        context.progress(0.5)

        try measureFloors(
            store, lookups: ids, page: page, rows: rows, frames: parameters[Parameter.frames], context,
            into: &metrics)
        context.progress(0.6)

        // The screens are gone; nothing holds the notes any more.
        // (Read by `consume` first: a value only written again may die at once.)
        consume((screens, tokens, page))
        tokens = []
        screens = nil
        store.purge()
        consume(checksum.value)
        context.progress(0.8)

        // Cold lookups: nothing holds the notes.
        let cold = try TimedLoop.run(count: ids.count, warmup: min(1_000, ids.count), context: context) { index in
            consume(store.note(ids[index]))
        }
        context.progress(1)
        metrics.addLoop(Metric.coldLookup, "cold lookup", cold)
        return metrics
    }

    /// The floors: the same lookups and page through the store's own
    /// primitives only (`Store.Floor`), on the same store and screens.
    private static func measureFloors<Store: ModelStore>(
        _ store: Store, lookups ids: [NoteID], page: [Store.NoteHandle], rows: Int, frames: Int,
        _ context: RoundContext,
        into metrics: inout RoundMetrics
    ) throws {
        // A checksum of its own: the frame's, captured by its closure, passed
        // here inout would be checked for exclusive access on every row.
        var checksum = RowChecksum()
        let lookupFloor = try TimedLoop.run(count: ids.count, warmup: min(1_000, ids.count), context: context) {
            index in
            consume(Store.Floor.lookUp(ids[index], in: store))
        }
        metrics.addLoop(Metric.lookupFloor, "held lookup floor", lookupFloor, informational: true)
        let frameFloor = try TimedLoop.run(count: frames, warmup: 100, .alike, context: context) { _ in
            for handle in page { Store.Floor.display(handle, of: store, into: &checksum) }
        }
        metrics.addLoop(Metric.frameFloor, "frame of K rows floor", frameFloor, informational: true)
        if let frame = frameFloor.latency {
            metrics.add(
                Metric.rowFloor, "row read floor (frame floor p50 / K)", unit: .nanoseconds, kind: .timing,
                informational: true, frame.p50 / Double(rows))
        }
        consume(checksum.value)
    }

    /// Frames of a list scrolling once through every note, K rows a frame,
    /// after its untimed first tenth (`scrollWarmUp`) and below the rows it
    /// looked up before the first.
    ///
    /// One pass, as a user scrolls a feed: a second would find every row's
    /// listener of the first still registered under the tags and authors it
    /// shares with other rows (Rocket Data's manager prunes dead listeners
    /// when an update finds them, or every 300 seconds:
    /// `garbageCollectionInterval` in `ConsistencyManager.swift`), so each
    /// pass costs more than the last (docs/CONSTANTS.md, FeedRead.onePass).
    /// - Complexity: O(1).
    static func onePass(_ parameters: ParameterSet) -> Int {
        let rows = parameters[Parameter.K]
        let notes = GraphShape.app(models: parameters[Parameter.N]).notes
        let total = max(0, notes - rows - prefetch(rows)) / rows
        return max(1, total * 10 / 11)
    }

    /// Untimed frames scrolled before the timed ones: a tenth of them.
    static func scrollWarmUp(_ frames: Int) -> Int { frames / 10 }

    /// Rows below the visible K that a scrolling list has already looked up.
    static func prefetch(_ rows: Int) -> Int { max(1, rows / 2) }

    /// Frames of a list scrolling K rows a frame through `notes`: each frame
    /// the K rows that come into view (and the prefetched ones below them)
    /// are looked up and observed, the K that leave are let go (their
    /// observations cancelled), and the K visible rows are displayed.
    private static func scroll<Store: ModelStore>(
        _ store: Store, notes: [NoteID], rows: Int, parameters: ParameterSet, context: RoundContext,
        into checksum: inout RowChecksum
    ) throws -> LoopMeasurement {
        let window = rows + prefetch(rows)
        var held = [Store.NoteHandle?](repeating: nil, count: window)
        var observed = [ObservationToken?](repeating: nil, count: window)
        func bringIntoView(_ position: Int) {
            let id = notes[position % notes.count]
            held[position % window] = store.note(id)
            observed[position % window] = store.observe(id) { _ in }
        }
        for position in 0..<window { bringIntoView(position) }
        var top = 0
        let count = parameters[Parameter.frames]
        let frames = try TimedLoop.run(count: count, warmup: scrollWarmUp(count), context: context) { _ in
            // K rows scroll out at the top; K come in below the prefetched ones.
            for position in (top + window)..<(top + window + rows) { bringIntoView(position) }
            top += rows
            for position in top..<(top + rows) {
                if let note = held[position % window] { store.display(note, into: &checksum) }
            }
        } finish: {
            store.settle()
        }
        consume((held, observed))
        return frames
    }

    /// A frame's share of a 60 Hz budget and its cost per row.
    private static func addFrameShares(
        _ frames: LoopMeasurement, rows: Int, floor: MetricID?, into metrics: inout RoundMetrics
    ) {
        guard let frame = frames.latency else { return }
        metrics.add(
            Metric.frameBudget, "frame p50, share of a 16.7 ms frame", unit: .percent, kind: .timing,
            frame.p50 / 16_666_667 * 100)
        metrics.add(
            MetricDescriptor(
                id: Metric.row, label: "row read (frame p50 / K)", unit: .nanoseconds, kind: .timing,
                bound: floor == nil ? nil : FloorOperation.row.rawValue, floor: floor),
            frame.p50 / Double(rows))
    }
}

extension ScenarioID {
    public static let feedRead = ScenarioID("feed-read")
}
