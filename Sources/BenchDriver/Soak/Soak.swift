import BenchMetrics
import Foundation
import Instrumentation
import ModelGraph
import StoreInterface

/// A bounded soak: every thread mixes writes to its own partition of the
/// graph with reads, screens and purges anywhere, until the time is up.
/// Afterwards each thread's writes are regenerated from its seed and applied
/// serially to a fresh store; the two states must be equal.
///
/// Partitions keep the expected state independent of the interleaving (a
/// thread owns the users, notes and tags whose id is its index modulo the
/// thread count), while reads, propagation into parents and notifications
/// still cross threads.
public enum Soak {
    /// Soaks a fresh `Store` for `plan.seconds`, or until `cancellation`
    /// says stop; the writes done by then are checked all the same. The
    /// calling thread is the main thread: screens live there, and it drains
    /// the main queue while the workers run.
    public static func run<Store: ModelStore>(
        _ type: Store.Type, _ plan: SoakPlan, cancellation: CancellationFlag = CancellationFlag()
    ) throws -> SoakOutcome {
        let graph = try GeneratedGraph(shape: plan.shape, seed: plan.seed)
        let main = MainQueue()
        let configuration = StoreConfiguration(purgePolicy: .every(insertions: 256), mainQueue: main)
        let store = Store(configuration: configuration)
        try store.merge(graph.fullBatch)
        let started = MonotonicClock.now()
        var random = SeededRandom(seed: plan.seed).fork(999)
        // A few screens stay open all along: each must end up showing the final state.
        var kept = (0..<(4 * plan.threads)).map { _ in Self.open(store, NoteID(1 + random.below(graph.notes.count))) }

        let entries = soak(store, graph, plan, main, until: started + UInt64(plan.seconds * 1e9), cancellation)
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        let wasInterrupted = cancellation.isCancelled

        // The same writes, one thread's after another's, on a fresh store.
        let perThread = entries.dropLast().map(\.writes)
        let serial = Store(configuration: configuration)
        try serial.merge(graph.fullBatch)
        var serialSummary = ChangeSummary()
        for thread in 0..<plan.threads {
            var script = WriteScript(graph: graph, thread: thread, of: plan.threads, seed: plan.seed)
            for _ in 0..<perThread[thread] { serialSummary += try script.next().apply(to: serial) }
        }
        let expected = serial.exportState()
        let staleScreens = kept.filter { !shows(store, $0, expected) }.count
        kept.removeAll()

        let concurrent = entries.reduce(ChangeSummary()) { $0 + $1.summary }
        func total(_ count: KeyPath<SoakEntry, Int>) -> Int {
            entries.reduce(0) { $0 + $1[keyPath: count] }
        }
        return SoakOutcome(
            store: Store.design.name, seconds: seconds, wasInterrupted: wasInterrupted,
            writesPerThread: perThread,
            reads: total(\.reads), screens: total(\.screens), purges: total(\.purges), failures: total(\.failures),
            stateDifference: store.exportState().firstDifference(from: expected),
            concurrentChanges: [concurrent.inserted, concurrent.updated, concurrent.unchanged],
            serialChanges: [serialSummary.inserted, serialSummary.updated, serialSummary.unchanged],
            staleScreens: staleScreens, observersLeft: store.counts.observers)
    }

    /// The soak itself, until `deadline` or cancellation: the workers write
    /// their partitions and read, open screens and purge; the calling thread,
    /// the main one, drains the main queue and opens screens there. Returns
    /// what each did: the workers in thread order, then the main thread.
    private static func soak<Store: ModelStore>(
        _ store: Store, _ graph: GeneratedGraph, _ plan: SoakPlan, _ main: MainQueue, until deadline: UInt64,
        _ cancellation: CancellationFlag
    ) -> [SoakEntry] {
        // Handles may live on any thread, or only on the main thread.
        let workersHoldHandles = Store.design.threading.handlesOnAnyThread
        let ledger = LockedValue<[SoakEntry]>([])
        let mainThread = ThreadRole(.main) { _ in
            var random = SeededRandom(seed: plan.seed).fork(998)
            var mainEntry = SoakEntry(thread: -1)
            var step = 0
            while MonotonicClock.now() < deadline && !cancellation.isCancelled {
                main.drain()
                Self.openReadAndClose(store, graph, &random, &mainEntry)
                if step % 32 == 0 && !workersHoldHandles {
                    store.purge()
                    mainEntry.purges += 1
                }
                step += 1
            }
            ledger.withLock { $0.append(mainEntry) }
        }
        _ = ThreadGroup.run(
            [
                ThreadRole(.soakWorker, threads: plan.threads) { thread in
                    var script = WriteScript(graph: graph, thread: thread, of: plan.threads, seed: plan.seed)
                    var random = SeededRandom(seed: plan.seed).fork(UInt64(1_000 + thread))
                    var entry = SoakEntry(thread: thread)
                    var step = 0
                    // At least one step, so a soak stopped before it began still
                    // checks a write of every thread.
                    repeat {
                        do {
                            entry.summary += try script.next().apply(to: store)
                        } catch {
                            entry.failures += 1
                        }
                        entry.reads += Self.read(store, graph, &random)
                        if step % 8 == 0 && workersHoldHandles { Self.openReadAndClose(store, graph, &random, &entry) }
                        if step % 256 == 0 && workersHoldHandles {
                            store.purge()
                            entry.purges += 1
                        }
                        step += 1
                    } while MonotonicClock.now() < deadline && !cancellation.isCancelled
                    entry.writes = script.count
                    ledger.withLock { $0.append(entry) }
                }
            ], onCaller: mainThread, draining: main, countsAllocations: false)
        // Every write is done: the main thread catches up with what they left it.
        main.drain()
        store.settle()
        return ledger.withLock { recorded in
            defer { recorded.removeAll() }
            return recorded.filter { $0.thread >= 0 }.sorted { $0.thread < $1.thread }
                + recorded.filter { $0.thread < 0 }
        }
    }

    /// Whether a long-lived screen shows what the final state says its note
    /// shows, field for field. Where a parent keeps the children it was
    /// built with, which children it last embedded depends on how the
    /// threads interleaved: the screen must show the store's latest note.
    private static func shows<Store: ModelStore>(
        _ store: Store, _ screen: (id: NoteID, held: HeldModels<Store.NoteHandle>, token: ObservationToken),
        _ expected: GraphState
    ) -> Bool {
        guard let held = screen.held[0], let note = expected.notes[screen.id] else { return false }
        var shown = RowCapture(), wanted = RowCapture()
        store.display(held, into: &shown)
        switch Store.design.childChanges {
        case .reachesEveryParent:
            RowLayout.display(note, into: &wanted)
        case .keptAsBuilt:
            guard let latest = store.note(screen.id) else { return false }
            store.display(latest, into: &wanted)
        }
        return shown == wanted
    }

    /// A screen showing a note: the handle it holds and its observation,
    /// registered before the lookup so no write falls unseen between them.
    private static func open<Store: ModelStore>(
        _ store: Store, _ id: NoteID
    ) -> (id: NoteID, held: HeldModels<Store.NoteHandle>, token: ObservationToken) {
        let held = HeldModels<Store.NoteHandle>(count: 1)
        let token = store.observe(id, held.handler(for: 0))
        held.fill(0, with: store.note(id))
        return (id, held, token)
    }

    /// Opens a screen on a note, reads a row meanwhile, and closes it.
    private static func openReadAndClose<Store: ModelStore>(
        _ store: Store, _ graph: GeneratedGraph, _ random: inout SeededRandom, _ entry: inout SoakEntry
    ) {
        let screen = open(store, NoteID(1 + random.below(graph.notes.count)))
        entry.reads += read(store, graph, &random)
        withExtendedLifetime(screen) {}
        entry.screens += 1
    }

    /// Reads a note's and a message's rows, wherever this thread is: the
    /// store's background path off the main thread. Returns the rows read.
    private static func read<Store: ModelStore>(
        _ store: Store, _ graph: GeneratedGraph, _ random: inout SeededRandom
    ) -> Int {
        var sink = RowChecksum()
        var rows = 0
        if store.readRow(of: .note(NoteID(1 + random.below(graph.notes.count))), into: &sink) { rows += 1 }
        if store.readRow(of: .message(MessageID(1 + random.below(graph.messages.count))), into: &sink) { rows += 1 }
        consume(sink.value)
        return rows
    }
}

/// What one soak thread hands back when its time is up.
struct SoakEntry {
    let thread: Int
    var writes = 0
    var summary = ChangeSummary()
    var reads = 0
    var screens = 0
    var purges = 0
    var failures = 0

    init(thread: Int) {
        self.thread = thread
    }
}

/// One thread's writes, regenerated identically from the seed: partial
/// updates of its users and notes, renames of its tags, and small batches.
struct WriteScript {
    enum Write {
        case patch(ModelPatch)
        case batch(PayloadBatch)

        func apply<Store: ModelStore>(to store: Store) throws(MergeError) -> ChangeSummary {
            switch self {
            case .patch(let patch): try store.apply(patch)
            case .batch(let batch): try store.merge(batch)
            }
        }
    }

    private var graph: GeneratedGraph
    private var random: SeededRandom
    private let thread: Int
    private let threads: Int
    /// Writes produced so far.
    private(set) var count = 0

    init(graph: GeneratedGraph, thread: Int, of threads: Int, seed: UInt64) {
        self.graph = graph
        self.random = SeededRandom(seed: seed).fork(UInt64(thread))
        self.thread = thread
        self.threads = threads
    }

    /// An id in this thread's partition of 1...count.
    private mutating func pick(_ count: Int) -> Int {
        let slots = (count - thread + threads - 1) / threads
        return thread + threads * random.below(slots) + 1
    }

    mutating func next() -> Write {
        defer { count += 1 }
        let users = graph.users.count, notes = graph.notes.count, tags = graph.tags.count
        switch count % 4 {
        case 0:
            return .patch(.user(graph.partialUpdate(user: UserID(pick(users)), fieldCount: 3, noOp: count % 7 == 0)))
        case 1:
            return .patch(.note(graph.partialUpdate(note: NoteID(pick(notes)), fieldCount: 2, noOp: false)))
        case 2:
            return .patch(.tag(graph.rename(tag: TagID(pick(tags)))))
        default:
            var batch = PayloadBatch()
            for _ in 0..<2 {
                batch.users.append(graph.partialUpdate(user: UserID(pick(users)), fieldCount: 2, noOp: false))
                batch.notes.append(graph.partialUpdate(note: NoteID(pick(notes)), fieldCount: 1, noOp: false))
            }
            return .batch(batch)
        }
    }
}
