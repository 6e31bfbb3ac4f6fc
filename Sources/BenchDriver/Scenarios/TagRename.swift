import BenchResults
import ModelGraph
import StoreInterface

/// Vesper's question: rename one tag that F notes carry; every screen
/// showing one of those notes must show the new name.
@usableFromInline enum TagRename: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        let graph: GeneratedGraph
        let renames: [TagPayload]
        /// As many more, for the renames timed with every holder's re-render.
        let renderedRenames: [TagPayload]
        let finalName: String
    }

    @usableFromInline static let id = ScenarioID.tagRename

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let rename: MetricID = "rename"
        static let notifications: MetricID = "rename.notifications"
        static let rebuilt: MetricID = "rename.rebuilt"
        static let refresh: MetricID = "refresh"
        static let renameRendered: MetricID = "rename.rendered"
        static let stale: MetricID = "stale"
        static let underneath: MetricID = "underneath"
    }
    @usableFromInline static let headline = Metric.renameRendered.p50
    @usableFromInline static let charts = [ChartSpec(Metric.rename.p50), ChartSpec(Metric.renameRendered.p50)]
    @usableFromInline static let title = "rename one tag carried by F notes; every holder must display the new name"
    @usableFromInline static let origin = "Vesper"
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let F = ParameterSpec(
            "F", "notes carrying the tag", range: 1...1_000_000, tiny: 30, quick: 1_000, standard: 10_000, full: 10_000)
        static let holders = ParameterSpec(
            "holders", "screens holding one of those notes each", range: 0...1_000_000,
            tiny: 10, quick: 100, standard: 1_000, full: 1_000)
        static let renames = ParameterSpec(
            "renames", "renames per round", range: 1...100_000, tiny: 3, quick: 20, standard: 3, full: 3)
    }
    @usableFromInline static let parameters = [Parameter.F, Parameter.holders, Parameter.renames]
    @usableFromInline static let notes = [
        "Each screen holds a note and observes both the note and the tag, as a screen showing tag chips must.",
        "rename: the write, including every notification it delivers; refresh: every holder re-rendering its row; "
            + "rename and re-render: both, end to end, for each of as many more renames (the figure a user waits for).",
        "stale holders: screens whose row still shows an old name after the last rename; must be 0 where a "
            + "tag's change reaches the notes that carry it. Where a note keeps the tags it was built with "
            + "(snapshot-notified, as Pinterest's models do), every holder shows the old name: the figure is the design's.",
        "changed underneath: screens whose model, as they were first handed it, displays otherwise after the "
            + "renames, though they never swapped it: a live object changed in place, or a row that joins through "
            + "the cache (Pinterest's \"if A modifies C, both A and B will see a changed value\").",
    ]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        "Propagation: a store that embeds the tag rebuilds the notes that carry it (\(Metric.rebuilt) parents "
            + "rebuilt, \(Metric.rename.mallocs) mallocs per rename), where a live object or a flat cache changes one tag."
    ]

    @usableFromInline static func childChangeChecks(for parameters: ParameterSet) -> [MetricID] { [Metric.stale] }

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        profile == .full
            ? ParameterSet.sweep(parameters, profile, Parameter.F, [10, 100, 1_000, 10_000, 100_000]).map { set in
                // Fewer notes than screens: every note is held.
                var set = set
                set[Parameter.holders] = min(set[Parameter.holders], set[Parameter.F])
                return set
            }
            : [ParameterSet.defaults(parameters, profile)]
    }

    @usableFromInline static func validate(_ parameters: ParameterSet) throws(ScenarioError) {
        guard parameters[Parameter.holders] <= parameters[Parameter.F] else {
            throw ScenarioError(
                "tag-rename: holders (\(parameters[Parameter.holders])) cannot exceed F (\(parameters[Parameter.F]))")
        }
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        try validate(parameters)
        let notes = parameters[Parameter.F]
        // Three tags on every note: each tag is on all F notes.
        var graph = try GeneratedGraph(
            shape: GraphShape(
                users: max(10, notes / 10), tags: 3, notes: notes, tagsPerNote: 3,
                threads: 0, participantsPerMessage: 0),
            seed: seed)
        let initial = graph
        let renames = (0..<parameters[Parameter.renames]).map { _ in graph.rename(tag: TagID(1)) }
        let rendered = (0..<parameters[Parameter.renames]).map { _ in graph.rename(tag: TagID(1)) }
        return Workload(
            graph: initial, renames: renames, renderedRenames: rendered, finalName: graph.tag(TagID(1)).name)
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.graph.fullBatch, parameters, context)
        let ids = Array(workload.graph.noteIDs.prefix(parameters[Parameter.holders]))
        let screens = HeldModels(ids.map { store.note($0) })
        // What each screen was first handed, and what it showed then.
        let firstHanded = screens.snapshot
        let firstShown = firstHanded.map { note -> RowCapture in
            var row = RowCapture()
            if let note { store.display(note, into: &row) }
            return row
        }
        var tokens: [ObservationToken] = []
        var tagChips: [ShownModel] = []
        for (slot, id) in ids.enumerated() {
            tokens.append(store.observe(id, screens.handler(for: slot)))
            tagChips.append(store.show(.tag(TagID(1))))
        }
        store.finishSetUp()
        var summaries: [ChangeSummary] = []
        summaries.reserveCapacity(workload.renames.count)
        var failure: MergeError?
        let renames = try TimedLoop.run(count: workload.renames.count, .alike, context: context) { index in
            do {
                summaries.append(
                    try store.settled { () throws(MergeError) in try store.apply(.tag(workload.renames[index])) })
            } catch {
                failure = error as? MergeError
            }
        }
        if let failure { throw ScenarioError("tag-rename: a rename failed: \(failure)") }
        context.progress(0.5)

        var checksum = RowChecksum()
        let refresh = try TimedLoop.run(count: workload.renames.count, .alike, context: context) { _ in
            for slot in 0..<ids.count {
                if let note = screens[slot] { store.display(note, into: &checksum) }
            }
        }
        // End to end: each rename, its delivery on the main thread, and every
        // holder's row displayed again, timed as one.
        var renderFailure: MergeError?
        let rendered = try TimedLoop.run(count: workload.renderedRenames.count, .alike, context: context) { index in
            do {
                try store.apply(.tag(workload.renderedRenames[index]))
            } catch {
                renderFailure = error as? MergeError
            }
            store.settle()
            for slot in 0..<ids.count {
                if let note = screens[slot] { store.display(note, into: &checksum) }
            }
        }
        if let renderFailure { throw ScenarioError("tag-rename: a rename failed: \(renderFailure)") }
        consume(checksum.value)
        let stale = ids.indices.filter { slot in
            guard let note = screens[slot] else { return true }
            var recorder = RowCapture()
            store.display(note, into: &recorder)
            return !recorder.texts.contains(workload.finalName)
        }.count
        let underneath = changedUnderneath(store, firstHanded, firstShown)
        context.progress(1)
        consume((tokens, tagChips, firstHanded))
        return metrics(
            renames: renames, summaries, refresh: refresh, rendered: rendered, stale: stale,
            underneathPercent: 100 * Double(underneath) / Double(max(1, ids.count)))
    }

    /// How many screens see their first-handed model show something other
    /// than it did when handed: a live object changed in place does; a
    /// snapshot does not.
    private static func changedUnderneath<Store: ModelStore>(
        _ store: Store, _ firstHanded: [Store.NoteHandle?], _ firstShown: [RowCapture]
    ) -> Int {
        zip(firstHanded, firstShown).filter { note, shown in
            guard let note else { return false }
            var row = RowCapture()
            store.display(note, into: &row)
            return row != shown
        }.count
    }

    private static func metrics(
        renames: LoopMeasurement, _ summaries: [ChangeSummary], refresh: LoopMeasurement, rendered: LoopMeasurement,
        stale: Int, underneathPercent: Double
    ) -> RoundMetrics {
        var metrics = RoundMetrics()
        metrics.addLoop(Metric.rename, "rename", renames, unit: .microseconds)
        let changes = summaries.reduce(ChangeSummary(), +)
        let count = Double(max(1, summaries.count))
        metrics.add(
            Metric.notifications, "notifications per rename", unit: .count, kind: .count,
            Double(changes.notifications) / count)
        metrics.add(
            Metric.rebuilt, "parents rebuilt per rename", unit: .count, kind: .count,
            Double(changes.propagated) / count)
        metrics.addLoop(Metric.refresh, "all holders re-render", refresh, unit: .microseconds)
        metrics.addLoop(Metric.renameRendered, "rename and every holder re-rendered", rendered, unit: .microseconds)
        metrics.add(Metric.stale, "stale holders after last rename", unit: .count, kind: .count, Double(stale))
        metrics.add(
            Metric.underneath, "screens whose first-handed model changed underneath them", unit: .percent,
            kind: .count, underneathPercent)
        return metrics
    }
}

extension ScenarioID {
    public static let tagRename = ScenarioID("tag-rename")
}
