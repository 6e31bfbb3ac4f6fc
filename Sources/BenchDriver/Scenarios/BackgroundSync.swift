import BenchMetrics
import Instrumentation
import ModelGraph
import StoreInterface
import Synchronization

/// Core Data's main and background contexts: a writer thread applies sync
/// batches while the main thread renders a screen of K rows at 60 Hz and
/// background readers look models up.
enum BackgroundSync: BenchScenario {
    struct Workload: Sendable {
        let graph: GeneratedGraph
        let batches: [PayloadBatch]
        let shown: [NoteID]
    }

    static let id = ScenarioID.backgroundSync
    static let headline = "main.frame.p99"
    static let title = "a writer thread applies sync batches while the main thread renders K rows at 60 Hz"
    static let origin = "Core Data main and background contexts"
    static let parameters = [
        ParameterSpec("rate", "sync batches per second", range: 1...100_000, quick: 200, standard: 1_000, full: 1_000),
        ParameterSpec("batch", "payloads per sync batch", range: 1...10_000, quick: 20, standard: 20, full: 20),
        ParameterSpec("K", "rows on the main screen", range: 1...10_000, quick: 20, standard: 50, full: 50),
        ParameterSpec("readers", "background reader threads", range: 0...64, quick: 1, standard: 1, full: 1),
        ParameterSpec("ms", "duration of a round in milliseconds", range: 100...600_000,
                      quick: 1_000, standard: 3_000, full: 3_000),
        ParameterSpec("N", "models in the graph", range: 100...2_000_000, quick: 4_000, standard: 20_000, full: 20_000),
    ]
    static let notes = [
        "The main thread and the writer run at fixed rates; their latencies count from when each frame or "
            + "batch was due (coordinated omission corrected), so a stall shows in the operations queued behind it.",
        "A third of each batch touches the notes on the main screen. The screen observes its notes and their "
            + "authors; its observers run on the writer's thread.",
        "Lock figures are per thread role: acquisitions per operation, the share that had to wait, and waits.",
    ]

    static let mechanisms = [
        "Lock hold time and writer throughput: the writer's batches complete {writer.batch.p50} after they fall due, "
            + "while the main thread found its locks contended {main.contended} of the time and drew frames at p99 "
            + "{main.frame.p99}.",
    ]

    static func cases(for profile: Profile) -> [ParameterSet] {
        guard profile == .full else { return [ParameterSet.defaults(parameters, profile)] }
        // Threads 2...9 (writer, main, readers), then the write rate at 3 threads.
        let byThreads = ParameterSet.sweep(parameters, profile, "readers", [0, 1, 3, 7])
        let byRate = ParameterSet.sweep(parameters, profile, "rate", [100, 1_000, 10_000])
        var seen = Set<ParameterSet>()
        return (byThreads + byRate).filter { seen.insert($0).inserted }
    }

    static func validate(_ parameters: ParameterSet) throws(ScenarioError) {
        guard GraphShape.app(models: parameters["N"]).notes >= parameters["K"] else {
            throw ScenarioError("background-sync needs at least K=\(parameters["K"]) notes; raise N")
        }
    }

    static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        try validate(parameters)
        var graph = try GeneratedGraph(shape: .app(models: parameters["N"]), seed: seed)
        let initial = graph
        var random = SeededRandom(seed: seed ^ 0xB5)
        let shown = (1...parameters["K"]).map(NoteID.init)
        let total = max(1, parameters["rate"] * parameters["ms"] / 1_000)
        let batches = (0..<total).map { _ -> PayloadBatch in
            var batch = PayloadBatch()
            for index in 0..<parameters["batch"] {
                if index % 3 == 0 {
                    batch.notes.append(graph.partialUpdate(note: shown[random.below(shown.count)], fieldCount: 2, noOp: false))
                } else if index % 3 == 1 {
                    batch.notes.append(graph.partialUpdate(note: NoteID(1 + random.below(graph.notes.count)),
                                                           fieldCount: 2, noOp: false))
                } else {
                    batch.users.append(graph.partialUpdate(user: UserID(1 + random.below(graph.users.count)),
                                                           fieldCount: 2, noOp: false))
                }
            }
            return batch
        }
        return Workload(graph: initial, batches: batches, shown: shown)
    }

    static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.graph.fullBatch, parameters)
        let screen = HeldModels(workload.shown.map { store.note($0) })
        let tokens = workload.shown.enumerated().map { store.observe($0.element, screen.handler(for: $0.offset)) }
        let authors = Set(workload.shown.map { workload.graph.note($0).author }).map { store.show(.user($0)) }

        let frameInterval: UInt64 = 16_666_667
        let duration = UInt64(parameters["ms"]) * 1_000_000
        let frames = Int(duration / frameInterval)
        let writeInterval = 1_000_000_000 / UInt64(parameters["rate"])
        let stop = Atomic<Bool>(false)
        let recorders = LockedValue<[String: LatencyRecorder]>([:])
        let operations = LockedValue<[String: Int]>([:])
        let start = MonotonicClock.now() + 5_000_000

        let main = ThreadRole("main") { _ in
            let schedule = OpenLoopSchedule(start: start, intervalNanoseconds: frameInterval)
            var recorder = LatencyRecorder()
            var checksum = RowChecksum()
            for frame in 0..<frames {
                let due = schedule.waitUntilDue(frame)
                let began = MonotonicClock.now()
                for handle in screen.snapshot {
                    if let handle { store.display(handle, into: &checksum) }
                }
                recorder.record(intendedStart: due, end: MonotonicClock.now(), actualStart: began)
            }
            stop.store(true, ordering: .releasing)
            consume(checksum.value)
            recorders.withLock { $0["main"] = recorder }
            operations.withLock { $0["main"] = frames }
        }
        let writer = ThreadRole("writer") { _ in
            let schedule = OpenLoopSchedule(start: start, intervalNanoseconds: writeInterval)
            var recorder = LatencyRecorder()
            var index = 0
            while index < workload.batches.count && !stop.load(ordering: .acquiring) {
                let due = schedule.waitUntilDue(index)
                let began = MonotonicClock.now()
                _ = try? store.merge(workload.batches[index])
                recorder.record(intendedStart: due, end: MonotonicClock.now(), actualStart: began)
                index += 1
            }
            recorders.withLock { $0["writer"] = recorder }
            operations.withLock { $0["writer"] = index }
        }
        let readers = ThreadRole("reader", threads: parameters["readers"]) { thread in
            var random = SeededRandom(seed: context.seed &+ UInt64(thread))
            var recorder = LatencyRecorder(operationsPerSample: 16)
            var checksum = RowChecksum()
            var count = 0
            let notes = workload.graph.notes.count
            while !stop.load(ordering: .acquiring) {
                let began = MonotonicClock.now()
                for _ in 0..<16 {
                    if let note = store.note(NoteID(1 + random.below(notes))) { store.display(note, into: &checksum) }
                }
                recorder.recordBatch(totalNanoseconds: MonotonicClock.now() &- began)
                count += 16
            }
            consume(checksum.value)
            recorders.withLock { recorders in
                if recorders["reader"] == nil { recorders["reader"] = recorder } else { recorders["reader"]!.merge(recorder) }
            }
            operations.withLock { $0["reader", default: 0] += count }
        }
        let reports = ThreadGroup.run(
            parameters["readers"] > 0 ? [main, writer, readers] : [main, writer],
            countsAllocations: context.countsAllocations)
        context.progress(1)

        var metrics = RoundMetrics()
        let latencies = recorders.withLock { $0 }
        let counts = operations.withLock { $0 }
        if let frame = latencies["main"]?.summary {
            metrics.addLatency("main.frame", "main: frame (from due time)", frame, unit: .microseconds, kind: .quantity)
        }
        if let write = latencies["writer"]?.summary {
            metrics.addLatency("writer.batch", "writer: batch (from due time)", write, unit: .microseconds, kind: .quantity)
            metrics.add("writer.applied", "writer: batches applied before the main thread finished", unit: "count",
                        kind: .quantity, informational: true, Double(counts["writer"] ?? 0))
        }
        if let read = latencies["reader"]?.summary {
            metrics.add("reader.read.p50", "reader: lookup + row p50", unit: "ns", kind: .quantity, read.p50)
            metrics.add("reader.throughput", "reader: lookups + rows per second", unit: "ops/s", kind: .quantity,
                        lowerIsBetter: false, read.operationsPerSecond)
        }
        for role in ["main", "writer", "reader"] {
            guard let threads = reports[role] else { continue }
            let combined = threads.combined
            metrics.addLocks(role, combined.lockTotal, per: max(1, counts[role] ?? 1))
            metrics.addUsage(role, combined.usage)
        }
        metrics.add("main.notified", "main screen notifications", unit: "count", kind: .quantity, Double(screen.updateCount))
        consume((tokens, authors))
        return metrics
    }
}
