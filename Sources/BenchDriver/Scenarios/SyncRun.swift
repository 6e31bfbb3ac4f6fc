import BenchMetrics
import BenchResults
import Foundation
import Instrumentation
import ModelGraph
import StoreInterface
import Synchronization

/// One round of background-sync: the main thread's frames (on the calling
/// thread), the writer's batches, optional background readers, and what
/// each measured.
final class SyncRun<Store: ModelStore>: Sendable {
    private let store: Store
    private let screen: MainThreadScreen<Store>
    private let workload: BackgroundSync.Workload
    private let parameters: ParameterSet
    private let context: RoundContext
    private let gate = FrameGate()
    /// When each batch's write began.
    private let writeStarts: AtomicSlots
    private let writerDone = Atomic<Bool>(false)
    private let stop = Atomic<Bool>(false)
    private let writer = LockedValue(WriterResults())
    private let readers = LockedValue(ReaderResults())
    /// What the main thread measures, read once the group has joined.
    private let main: ThreadBound<MainResults>

    private struct MainResults {
        var storeCPU = LatencyRecorder()
        /// The main thread's CPU draining its queue (what writes left it:
        /// merges that hop there, objects refreshed, observers), in all.
        var queueCPUTotal: UInt64 = 0
        var renderCPU = LatencyRecorder()
        var frameCPU = LatencyRecorder()
        /// Wall time of the store work and of the whole frame: CPU time plus
        /// waiting, for a lock the writer holds, say.
        var storeWall = LatencyRecorder()
        var frameWall = LatencyRecorder()
        var late = 0
        var delivery = LatencyRecorder()
        var frames = 0
        var overShortBudget = 0
        var overLongBudget = 0
        var items = 0
        var launchFirst: UInt64?
        var launchDone: UInt64?
        var launchStoreCPU: UInt64 = 0
        var launchBlocked: UInt64 = 0
        /// Batches the main thread has synced itself (sync=2).
        var syncedOnMain = 0
        /// When the round's clocks started, for the main thread's real-time sync.
        var runStart: UInt64 = 0
    }

    private struct WriterResults {
        /// A whole batch: decoding and committing (from its due time when paced).
        var latency = LatencyRecorder()
        var decode = LatencyRecorder()
        /// The merge call alone, which holds the store's lock but for
        /// delivering observers.
        var commit = LatencyRecorder()
        /// The writer's CPU in its merge calls, in all.
        var commitCPUTotal: UInt64 = 0
        var applied = 0
        var failed = 0
    }

    private struct ReaderResults {
        var latency = LatencyRecorder(operationsPerSample: 16)
        var operations = 0
    }

    init(
        store: Store, screen: MainThreadScreen<Store>, workload: BackgroundSync.Workload,
        parameters: ParameterSet, context: RoundContext
    ) {
        self.store = store
        self.screen = screen
        self.workload = workload
        self.parameters = parameters
        self.context = context
        sync = BackgroundSync.Sync(parameters)
        writeStarts = AtomicSlots(count: workload.batches.count)
        main = ThreadBound(MainResults(), on: context.mainQueue)
    }

    private var isVirtual: Bool { parameters[BackgroundSync.Parameter.hz] == 0 && !workload.isLaunch }
    private let sync: BackgroundSync.Sync
    private var syncsOnMain: Bool { sync == .mainThread }
    /// Whether reading a row goes through the store, which makes drawing store work.
    private var rowsReadTheStore: Bool { Store.design.rowsReadTheStore }
    private var budget: UInt64 { BackgroundSync.budget(parameters) }
    private var interval: UInt64 { BackgroundSync.interval(parameters) }

    /// The frame a batch falls in, in virtual time.
    private func frame(of batch: Int) -> Int { Int(UInt64(batch) * interval / budget) }

    /// How many batches fall before frame `frame` begins.
    private func batches(before frame: Int) -> Int {
        min(workload.batches.count, Int((UInt64(frame) * budget + interval - 1) / interval))
    }

    /// Runs the round; returns each role's thread reports.
    func run() -> [ThreadRole.Kind: [ThreadReport]] {
        let start = MonotonicClock.now() + 5_000_000
        main.value.runStart = start
        let writerRole = ThreadRole(.writer) { _ in self.write(from: start) }
        let readerRole = ThreadRole(.reader, threads: parameters[BackgroundSync.Parameter.readers]) { thread in
            self.read(thread)
        }
        let mainRole = ThreadRole(.main) { _ in self.drawFrames(from: start) }
        let roles =
            syncsOnMain
            ? [] : parameters[BackgroundSync.Parameter.readers] > 0 ? [writerRole, readerRole] : [writerRole]
        let reports = ThreadGroup.run(
            roles, onCaller: mainRole, draining: context.mainQueue,
            countsAllocations: context.countsAllocations)
        // The main thread catches up with what the last batches left it.
        main.value.items += context.mainQueue.drain()
        store.settle()
        return reports
    }

    // MARK: The main thread

    private func drawFrames(from start: UInt64) {
        let schedule = OpenLoopSchedule(start: start, intervalNanoseconds: budget)
        let rows = workload.shown.count
        var sink = FrameSink()
        var shownThrough = -1
        for frame in 0..<parameters[BackgroundSync.Parameter.frames] {
            // Work a writer hands the main thread while it waits (a store that
            // hops there) is this frame's store work.
            var servedCPU: UInt64 = 0, servedWall: UInt64 = 0
            if isVirtual && !syncsOnMain {
                gate.waitForBatches(batches(before: frame)) {
                    let cpu = ThreadCPUClock.now(), wall = MonotonicClock.now()
                    main.value.items += context.mainQueue.drain()
                    servedCPU &+= ThreadCPUClock.now() &- cpu
                    servedWall &+= MonotonicClock.now() &- wall
                }
                gate.start(frame: frame)
            } else if isVirtual {
                // Back to back: the main thread syncs the frame's batches itself.
            } else {
                _ = schedule.waitUntilDue(frame)
            }
            let began = MonotonicClock.now()
            let beforeDrain = ThreadCPUClock.now()
            if syncsOnMain { syncOnMain(frame: frame) }
            main.value.items += context.mainQueue.drain()
            let afterDrain = ThreadCPUClock.now()
            main.value.queueCPUTotal &+= afterDrain &- beforeDrain &+ servedCPU
            let drained = MonotonicClock.now()
            sink.reset()
            var present = 0
            for row in screen.rows.snapshot {
                guard let row else { continue }
                store.display(row, into: &sink)
                present += 1
            }
            let afterRows = ThreadCPUClock.now()
            let end = MonotonicClock.now()
            // Rows read through the store (its lock, its joins) are store work too.
            record(
                storeWork: (rowsReadTheStore ? afterRows : afterDrain) &- beforeDrain &+ servedCPU,
                drawing: rowsReadTheStore ? 0 : afterRows &- afterDrain,
                storeWall: (rowsReadTheStore ? end : drained) &- began &+ servedWall,
                frameWall: end &- began &+ servedWall)
            // Batches the rows show for the first time were delivered now.
            let newest = sink.newestMarker.map { Int($0 - BackgroundSync.marker) } ?? -1
            if newest > shownThrough {
                for batch in (shownThrough + 1)...newest
                where batch < workload.touchesScreen.count
                    && workload.touchesScreen[batch]
                {
                    main.value.delivery.record(end &- UInt64(writeStarts[batch]))
                }
                shownThrough = newest
            }
            if workload.isLaunch {
                main.value.launchStoreCPU &+= afterDrain &- beforeDrain
                main.value.launchBlocked &+= drained &- began
                if main.value.launchFirst == nil && present == rows { main.value.launchFirst = end &- start }
                if writerDone.load(ordering: .acquiring) && context.mainQueue.pendingCount == 0 && present == rows {
                    main.value.launchDone = end &- start
                    break
                }
            }
            context.progress(Double(frame + 1) / Double(parameters[BackgroundSync.Parameter.frames]))
        }
        consume(sink.checksum)
        gate.finish()
        stop.store(true, ordering: .releasing)
    }

    private func record(storeWork: UInt64, drawing: UInt64, storeWall: UInt64, frameWall: UInt64) {
        main.value.storeCPU.record(storeWork)
        main.value.renderCPU.record(drawing)
        let frame = storeWork &+ drawing
        main.value.frameCPU.record(frame)
        main.value.storeWall.record(storeWall)
        main.value.frameWall.record(frameWall)
        main.value.frames += 1
        if frame > 8_333_333 { main.value.overShortBudget += 1 }
        if frame > 16_666_667 { main.value.overLongBudget += 1 }
        if frameWall > budget { main.value.late += 1 }
    }

    /// The main thread's own sync (sync=2): at launch one batch a frame, as
    /// a main context parses and saves a page of the response; in steady
    /// state every batch due before this frame.
    private func syncOnMain(frame: Int) {
        let due =
            workload.isLaunch
            ? min(workload.batches.count, main.value.syncedOnMain + 1)
            : isVirtual
                ? batches(before: frame + 1)
                : min(workload.batches.count, Int((MonotonicClock.now() &- main.value.runStart) / interval) + 1)
        var results = writer.withLock { $0 }
        while main.value.syncedOnMain < due {
            commit(main.value.syncedOnMain, decoding: true, due: nil, into: &results)
            main.value.syncedOnMain += 1
        }
        writer.withLock { $0 = results }
        if main.value.syncedOnMain == workload.batches.count { writerDone.store(true, ordering: .releasing) }
    }

    // MARK: The writer and the readers

    private func write(from start: UInt64) {
        let schedule = OpenLoopSchedule(start: start, intervalNanoseconds: interval)
        var results = WriterResults()
        for index in workload.batches.indices {
            var due: UInt64?
            if workload.isLaunch {
                // As fast as the writer can.
            } else if isVirtual {
                guard gate.waitForFrame(frame(of: index)) else { break }
            } else {
                due = schedule.waitUntilDue(index)
            }
            commit(index, decoding: sync == .syncThread, due: due, into: &results)
            gate.batchApplied()
        }
        writerDone.store(true, ordering: .releasing)
        writer.withLock { $0 = results }
    }

    /// One batch: decoded from its JSON (as a sync decodes what the server
    /// sent, outside the store's lock) unless it is the stress case, then
    /// merged; timed whole and in its parts.
    private func commit(_ index: Int, decoding: Bool, due: UInt64?, into results: inout WriterResults) {
        let began = MonotonicClock.now()
        writeStarts.store(index, Int(began))
        var batch = workload.batches[index]
        if decoding {
            guard let decoded = try? PayloadBatch(json: workload.encoded[index]) else {
                results.failed += 1
                return
            }
            batch = decoded
        }
        let decoded = MonotonicClock.now()
        let cpu = ThreadCPUClock.now()
        if (try? store.merge(batch)) != nil { results.applied += 1 } else { results.failed += 1 }
        results.commitCPUTotal &+= ThreadCPUClock.now() &- cpu
        let end = MonotonicClock.now()
        if decoding { results.decode.record(decoded &- began) }
        results.commit.record(end &- decoded)
        if let due {
            results.latency.record(intendedStart: due, end: end, actualStart: began)
        } else {
            results.latency.record(end &- began)
        }
    }

    private func read(_ thread: Int) {
        var random = SeededRandom(seed: context.seed &+ UInt64(thread))
        var results = ReaderResults()
        var sink = RowChecksum()
        let notes = GraphShape.app(models: parameters[BackgroundSync.Parameter.N]).notes
        while !stop.load(ordering: .acquiring) {
            let began = MonotonicClock.now()
            for _ in 0..<16 { _ = store.readRow(of: .note(NoteID(1 + random.below(notes))), into: &sink) }
            results.latency.recordBatch(totalNanoseconds: MonotonicClock.now() &- began)
            results.operations += 16
        }
        consume(sink.value)
        readers.withLock { total in
            total.latency.merge(results.latency)
            total.operations += results.operations
        }
    }

    // MARK: Results

    /// Rows that, once everything is drained, show other than what the
    /// store's final state says: a lost notification, a missed merge.
    func staleRows() -> Int {
        let state = store.exportState()
        return zip(workload.shown, screen.rows.snapshot).filter { id, row in
            guard let row, let note = state.notes[id] else { return true }
            var shown = RowCapture(), wanted = RowCapture()
            store.display(row, into: &shown)
            RowLayout.display(note, into: &wanted)
            return shown != wanted
        }.count
    }

    func metrics(reports: [ThreadRole.Kind: [ThreadReport]]) -> RoundMetrics {
        var metrics = RoundMetrics()
        addFrames(to: &metrics)
        let written = writer.withLock { $0 }
        addSync(written, to: &metrics)
        if workload.isLaunch { addLaunch(to: &metrics) }
        let read = readers.withLock { $0 }
        if read.operations > 0 {
            metrics.add(
                BackgroundSync.Metric.readerRead, "reader: background row read p50", unit: .nanoseconds,
                kind: .quantity,
                read.latency.summary.p50)
            metrics.add(
                BackgroundSync.Metric.readerThroughput, "reader: rows read per second", unit: .operationsPerSecond,
                kind: .quantity,
                lowerIsBetter: false, read.latency.summary.operationsPerSecond)
        }
        let roles: [(MetricID, ThreadRole.Kind, Int)] = [
            (BackgroundSync.Metric.main, .main, main.value.frames),
            (BackgroundSync.Metric.writer, .writer, written.applied + written.failed),
            (BackgroundSync.Metric.reader, .reader, read.operations),
        ]
        for (role, kind, operations) in roles {
            guard let threads = reports[kind] else { continue }
            let combined = threads.combined
            metrics.addLocks(role, combined.lockTotal, per: max(1, operations))
            metrics.addUsage(role, combined.usage)
        }
        return metrics
    }

    /// The main thread's frames: its store work, drawing and whole frames,
    /// those over budget, and what it drained.
    private func addFrames(to metrics: inout RoundMetrics) {
        let batches = Double(max(1, workload.batches.count))
        metrics.addLatency(
            BackgroundSync.Metric.store, "main: store work per frame (CPU)", main.value.storeCPU.summary,
            unit: .microseconds)
        metrics.addLatency(
            BackgroundSync.Metric.render, "main: drawing K rows per frame (CPU)", main.value.renderCPU.summary,
            unit: .microseconds)
        metrics.addLatency(
            BackgroundSync.Metric.frame, "main: whole frame, store work and drawing (CPU)", main.value.frameCPU.summary,
            unit: .microseconds)
        metrics.add(
            BackgroundSync.Metric.over8, "main: frames over 8.3 ms of CPU", unit: .count, kind: .quantity,
            Double(main.value.overShortBudget))
        metrics.add(
            BackgroundSync.Metric.over16, "main: frames over 16.7 ms of CPU", unit: .count, kind: .quantity,
            Double(main.value.overLongBudget))
        metrics.addLatency(
            BackgroundSync.Metric.storeWall, "main: store work per frame (wall, waits included)",
            main.value.storeWall.summary,
            unit: .microseconds, kind: .quantity)
        metrics.add(
            BackgroundSync.Metric.frameWallMax, "main: longest frame (wall, waits included)", unit: .microseconds,
            kind: .quantity,
            main.value.frameWall.summary.max / 1_000)
        metrics.add(
            BackgroundSync.Metric.late, "main: frames longer than the budget (wall)", unit: .count, kind: .quantity,
            Double(main.value.late))
        metrics.add(
            BackgroundSync.Metric.frames, "main: frames drawn", unit: .count, kind: .quantity, informational: true,
            Double(main.value.frames))
        metrics.add(
            BackgroundSync.Metric.items, "main: work items drained per batch", unit: .count, kind: .count,
            Double(main.value.items) / batches)
        if main.value.delivery.sampleCount > 0 {
            metrics.addLatency(
                BackgroundSync.Metric.delivery, "delivery, write to a frame showing it", main.value.delivery.summary,
                unit: .microseconds, kind: .quantity)
        }
    }

    /// The sync's batches: decoding, committing, failures, and the main
    /// thread's share of the store work.
    private func addSync(_ written: WriterResults, to metrics: inout RoundMetrics) {
        let who = syncsOnMain ? "main: sync" : "writer"
        metrics.addLatency(
            BackgroundSync.Metric.writerBatch,
            "\(who): batch, decoded and committed"
                + (isVirtual || workload.isLaunch || syncsOnMain ? "" : " (from due time)"),
            written.latency.summary, unit: .microseconds, kind: .quantity)
        if written.decode.sampleCount > 0 {
            metrics.addLatency(
                BackgroundSync.Metric.writerDecode, "\(who): decoding a batch's JSON", written.decode.summary,
                unit: .microseconds, kind: .quantity)
        }
        metrics.addLatency(
            BackgroundSync.Metric.writerCommit,
            "\(who): commit (the merge call: the store's lock held but for delivering observers)",
            written.commit.summary, unit: .microseconds, kind: .quantity)
        metrics.add(
            BackgroundSync.Metric.writesFailed, "batches that failed", unit: .count, kind: .count,
            Double(written.failed))
        // Where the sync's store work ran: the main thread's queue work
        // against the writer's merge calls (a merge that hops to the main
        // thread leaves the writer waiting, its CPU idle).
        let storeWork = Double(main.value.queueCPUTotal) + Double(written.commitCPUTotal)
        metrics.add(
            BackgroundSync.Metric.mainShare, "main: share of the sync's store work (CPU)", unit: .percent,
            kind: .quantity, storeWork > 0 ? 100 * Double(main.value.queueCPUTotal) / storeWork : 0)
    }

    /// A launch: until every row shows, the main thread's store work and
    /// waits, until the whole graph is there.
    private func addLaunch(to metrics: inout RoundMetrics) {
        let milliseconds = MetricUnit.milliseconds
        // A launch the frames never finished leaves these out: not measured, not infinite.
        if let first = main.value.launchFirst {
            metrics.add(
                BackgroundSync.Metric.launchFirst, "launch: until a frame shows every row", unit: .milliseconds,
                kind: .quantity, milliseconds.fromNanoseconds(Double(first)))
        }
        metrics.add(
            BackgroundSync.Metric.launchStore, "launch: main-thread store work in all (CPU)", unit: .milliseconds,
            kind: .timing,
            milliseconds.fromNanoseconds(Double(main.value.launchStoreCPU)))
        metrics.add(
            BackgroundSync.Metric.launchBlocked, "launch: main thread held up by store work (wall)",
            unit: .milliseconds,
            kind: .quantity, milliseconds.fromNanoseconds(Double(main.value.launchBlocked)))
        if let done = main.value.launchDone {
            metrics.add(
                BackgroundSync.Metric.launchDone, "launch: until the whole graph is on the main thread",
                unit: .milliseconds,
                kind: .quantity, milliseconds.fromNanoseconds(Double(done)))
        }
    }
}

/// The main thread's row sink: a checksum of what it draws, and the newest
/// batch marker among the notes' dates.
struct FrameSink: RowSink {
    private(set) var checksum = 0
    private(set) var newestMarker: Int64?

    mutating func reset() { newestMarker = nil }

    mutating func text(_ value: String) { checksum &+= value.utf8.count }
    mutating func flag(_ value: Bool) { checksum &+= value ? 1 : 0 }

    mutating func number(_ value: Int64) {
        checksum &+= Int(truncatingIfNeeded: value)
        if value >= BackgroundSync.marker, value > (newestMarker ?? .min) { newestMarker = value }
    }
}
