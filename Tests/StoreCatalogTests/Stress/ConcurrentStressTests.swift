import Foundation
import StoreInterface
import StoreTestSupport
import Synchronization
import TestSupport
import Testing

@testable import ModelGraph

/// Real threads writing and reading at once: nothing lost, nothing torn,
/// and the end state equals the same writes applied serially.
@Suite("Stress: concurrent writers and readers")
struct ConcurrentStressTests {
    static let shape = Fixtures.stressShape
    static let writers = 4
    static let readers = 3
    static let writesPerWriter = 400

    /// Each writer owns the users, notes and tags whose id is its index
    /// modulo the writer count, so the end state does not depend on the
    /// interleaving, while propagation still crosses writers.
    static func scripts(for graph: GeneratedGraph) -> [[ModelPatch]] {
        var generator = graph
        var random = SeededRandom(seed: 7)
        var scripts = Array(repeating: [ModelPatch](), count: writers)
        for writer in 0..<writers {
            for step in 0..<writesPerWriter {
                func pick(_ count: Int) -> Int {
                    let slots = (count - writer + writers - 1) / writers
                    return writer + writers * random.below(slots) + 1
                }
                switch step % 3 {
                case 0:
                    scripts[writer].append(
                        .user(
                            generator.partialUpdate(
                                user: UserID(pick(graph.users.count)), fieldCount: 3, noOp: step % 9 == 0)))
                case 1:
                    scripts[writer].append(
                        .note(
                            generator.partialUpdate(
                                note: NoteID(pick(graph.notes.count)), fieldCount: 2, noOp: false)))
                default:
                    scripts[writer].append(.tag(generator.rename(tag: TagID(pick(graph.tags.count)))))
                }
            }
        }
        return scripts
    }

    @Test("concurrent writes equal the same writes applied serially", arguments: StoreUnderTest.all)
    func concurrentEqualsSerial(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph(Self.shape, seed: 3)
        let scripts = Self.scripts(for: graph)
        let serial = try Fixtures.store(kind, holding: graph)
        var serialTotal = ChangeSummary()
        for script in scripts {
            for patch in script { serialTotal += try serial.apply(patch) }
        }
        let main = MainQueue()
        try checkConcurrent(
            Fixtures.store(kind, holding: graph, StoreConfiguration(mainQueue: main)), main, graph,
            scripts, serial.exportState(), serialTotal)
    }

    /// Writers and background readers on their own threads; the screens, and
    /// reads through them, on the main thread (this one), which drains its
    /// queue meanwhile, as a store confined to it requires.
    private func checkConcurrent<S: ModelStore>(
        _ store: S, _ main: MainQueue, _ graph: GeneratedGraph, _ scripts: [[ModelPatch]],
        _ expected: GraphState, _ serialTotal: ChangeSummary
    ) throws {
        let screens = graph.noteIDs.map { store.screen(showing: $0) }
        let totals = Mutex(ChangeSummary())
        let failures = Atomic<Int>(0)
        let writersDone = Atomic<Int>(0)
        let readersReading = Atomic<Int>(0)
        let rowsRead = Atomic<Int>(0)
        var mainRows = 0
        var mainRandom = SeededRandom(seed: 17)
        runOnThreads(
            Self.writers + Self.readers,
            whileWaiting: {
                main.drain()
                var recorder = RowRecorder()
                if let note = store.note(NoteID(1 + mainRandom.below(graph.notes.count))) {
                    store.display(note, into: &recorder)
                }
                mainRows += 1
            }
        ) { thread in
            if thread < Self.writers {
                // Writes start once every reader is reading, so reads and
                // writes overlap however the threads are scheduled.
                waitUntil { readersReading.load(ordering: .acquiring) == Self.readers }
                var total = ChangeSummary()
                for patch in scripts[thread] {
                    do { total += try store.apply(patch) } catch { failures.add(1, ordering: .relaxed) }
                }
                totals.withLock { $0 += total }
                writersDone.add(1, ordering: .releasing)
            } else {
                var random = SeededRandom(seed: UInt64(thread))
                var recorder = RowRecorder()
                var announced = false
                repeat {
                    _ = store.readRow(of: .note(NoteID(1 + random.below(graph.notes.count))), into: &recorder)
                    _ = store.readRow(of: .message(MessageID(1 + random.below(graph.messages.count))), into: &recorder)
                    recorder.fields.removeAll(keepingCapacity: true)
                    rowsRead.add(1, ordering: .relaxed)
                    if !announced {
                        readersReading.add(1, ordering: .releasing)
                        announced = true
                    }
                } while writersDone.load(ordering: .acquiring) < Self.writers
            }
        }
        main.drain()
        store.settle()
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(rowsRead.load(ordering: .relaxed) > 0)
        #expect(mainRows > 0)
        let state = store.exportState()
        #expect(state.firstDifference(from: expected) == nil)
        let total = totals.withLock { $0 }
        #expect(total.updated == serialTotal.updated)
        #expect(total.unchanged == serialTotal.unchanged)
        // Every screen ends up showing the final state: through the live
        // object, or because the last notification carried the last value.
        // Where parents keep their children as built, that value is the
        // note the store holds, with the children it was built with.
        for (id, screen) in zip(graph.noteIDs, screens) {
            let held = try #require(screen.held)
            let final =
                S.design.childChanges == .reachesEveryParent
                ? ExpectedRow.of(state.notes[id]!) : store.row(ofNote: try #require(store.note(id)))
            #expect(store.row(ofNote: held) == final)
        }
    }

    @Test("lookups, holds and releases race with writes and purges", arguments: StoreUnderTest.all)
    func churnRacesWithWrites(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph(Self.shape, seed: 5)
        let main = MainQueue()
        let configuration = StoreConfiguration(purgePolicy: .every(insertions: 16), mainQueue: main)
        try checkChurn(Fixtures.store(kind, holding: graph, configuration), main, graph)
    }

    /// Holding models and purging happen where the store allows handles: on
    /// any thread, or on the main thread only. Writes and background reads
    /// race with them from other threads either way.
    private func checkChurn<S: ModelStore>(_ store: S, _ main: MainQueue, _ graph: GeneratedGraph) throws {
        let scripts = Self.scripts(for: graph)
        let missing = Atomic<Int>(0)
        let anyThread = S.design.threading.handlesOnAnyThread
        @Sendable func holdAndRelease(_ random: inout SeededRandom) {
            // Hold a few models briefly, then let them go.
            let held = (0..<4).compactMap { _ in store.note(NoteID(1 + random.below(graph.notes.count))) }
            if held.count != 4 { missing.add(1, ordering: .relaxed) }
            var recorder = RowRecorder()
            for note in held { store.display(note, into: &recorder) }
        }
        var mainRandom = SeededRandom(seed: 99)
        var mainSteps = 0
        runOnThreads(
            4,
            whileWaiting: {
                main.drain()
                guard !anyThread else {
                    usleep(100)
                    return
                }
                holdAndRelease(&mainRandom)
                mainSteps += 1
                if mainSteps % 10 == 0 { store.purge() }
            }
        ) { thread in
            var random = SeededRandom(seed: UInt64(thread) + 11)
            switch thread {
            case 0:
                for patch in scripts[0] { _ = try? store.apply(patch) }
            case 1 where anyThread:
                for _ in 0..<200 { store.purge() }
            default:
                for _ in 0..<2_000 {
                    if anyThread {
                        holdAndRelease(&random)
                    } else {
                        var recorder = RowRecorder()
                        if !store.readRow(of: .note(NoteID(1 + random.below(graph.notes.count))), into: &recorder) {
                            missing.add(1, ordering: .relaxed)
                        }
                    }
                }
            }
        }
        main.drain()
        #expect(missing.load(ordering: .relaxed) == 0)
        store.purge()
        #expect(store.counts.models == graph.shape.modelCount)
    }
}
