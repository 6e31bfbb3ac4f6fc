import Foundation
import Instrumentation
import Observation
import StoreInterface
import StoreTestSupport
import Synchronization
import TestSupport
import Testing
import UniquingMain

@testable import ModelGraph

/// `uniquing-main` and `uniquing-observable`: the thread that creates the
/// store's `MainQueue` (the test's own) is the main thread; writes from
/// other threads reach its objects only when it drains the queue.
@Suite("uniquing-main and uniquing-observable")
struct MainConfinedStoreTests {
    @Test("one id gives one object on the main thread, sharing its neighbours")
    func identity() throws {
        try identity(UniquingMainStore.self)
        try identity(UniquingObservableStore.self)
    }

    private func identity<Objects: MainObjectKinds>(_: MainConfinedStore<Objects>.Type) throws {
        let store = MainConfinedStore<Objects>(configuration: StoreConfiguration(mainQueue: MainQueue()))
        try store.merge(Fixtures.graph().fullBatch)
        let first = try #require(store.note(NoteID(1)))
        #expect(store.note(NoteID(1)) === first)
        #expect(store.user(first.author.id) === first.author)
    }

    @Test("a write on the main thread changes held objects at once and tells observers there")
    func writeOnMain() throws {
        try writeOnMain(UniquingMainStore.self)
        try writeOnMain(UniquingObservableStore.self)
    }

    private func writeOnMain<Objects: MainObjectKinds>(_: MainConfinedStore<Objects>.Type) throws {
        let main = MainQueue()
        let store = MainConfinedStore<Objects>(configuration: StoreConfiguration(mainQueue: main))
        try store.merge(Fixtures.graph().fullBatch)
        let note = try #require(store.note(NoteID(1)))
        let heard = Mutex(0)
        let token = store.observe(note.author.id) { _ in heard.withLock { $0 += 1 } }
        try store.apply(.user(UserPayload(id: note.author.id, name: .present("Renamed On The Main Thread"))))
        #expect(note.author.name == "Renamed On The Main Thread")
        #expect(heard.withLock { $0 } == 1)
        #expect(main.pendingCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test("a write from another thread merges there and reaches the main thread's objects when it drains")
    func writeFromBackground() throws {
        try writeFromBackground(UniquingMainStore.self)
        try writeFromBackground(UniquingObservableStore.self)
    }

    private func writeFromBackground<Objects: MainObjectKinds>(_: MainConfinedStore<Objects>.Type) throws {
        let main = MainQueue()
        let store = MainConfinedStore<Objects>(configuration: StoreConfiguration(mainQueue: main))
        try store.merge(Fixtures.graph().fullBatch)
        let note = try #require(store.note(NoteID(1)))
        let author = note.author.id
        let oldName = note.author.name
        let heardOn = Mutex<[Bool]>([])
        let token = store.observe(author) { _ in heardOn.withLock { $0.append(main.isMainThread) } }
        let refreshedBefore = store.counts.refreshedOnMain

        let backgroundRow = Mutex<[String]>([])
        let failed = Mutex(0)
        runOnThreads(1) { _ in
            // Two writes in order; the second must win on the main thread too.
            for name in ["First Background Name", "Second Background Name"] {
                do { try store.apply(.user(UserPayload(id: author, name: .present(name)))) } catch {
                    failed.withLock { $0 += 1 }
                }
            }
            var recorder = RowRecorder()
            _ = store.readRow(of: .note(NoteID(1)), into: &recorder)
            backgroundRow.withLock { $0 = recorder.texts }
        }

        #expect(failed.withLock { $0 } == 0)
        // The records have the writes: another thread reads them at once.
        #expect(backgroundRow.withLock { $0 }.contains("Second Background Name"))
        // The main thread's objects and observers wait for the drain.
        #expect(note.author.name == oldName)
        #expect(heardOn.withLock { $0 }.isEmpty)
        #expect(main.pendingCount == 2)

        #expect(main.drain() == 2)
        #expect(note.author.name == "Second Background Name")
        #expect(heardOn.withLock { $0 } == [true, true])
        #expect(store.counts.refreshedOnMain == refreshedBefore + 2)
        #expect(store.row(ofNote: note) == ExpectedRow.of(store.exportState().notes[NoteID(1)]!))
        withExtendedLifetime(token) {}
    }

    @Test("a lookup off the main thread traps, in every build: uniquing-main")
    func plainLookupOffTheMainThreadTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = UniquingMainStore()
            try? store.merge(Fixtures.graph().fullBatch)
            lookUpOffTheMainThread(store)
        }
    }

    @Test("a lookup off the main thread traps, in every build: uniquing-observable")
    func observableLookupOffTheMainThreadTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = UniquingObservableStore()
            try? store.merge(Fixtures.graph().fullBatch)
            lookUpOffTheMainThread(store)
        }
    }

    @Test("a row of held objects on the main thread takes no lock; a miss takes the store's lock once")
    func rowsTakeNoLock() throws {
        try rowsTakeNoLock(UniquingMainStore.self)
        try rowsTakeNoLock(UniquingObservableStore.self)
    }

    private func rowsTakeNoLock<Objects: MainObjectKinds>(_: MainConfinedStore<Objects>.Type) throws {
        let store = MainConfinedStore<Objects>(configuration: StoreConfiguration(mainQueue: MainQueue()))
        try store.merge(Fixtures.graph().fullBatch)
        let recorder = ThreadLockRecorder()
        let held = try recorder.recording { try #require(store.note(NoteID(2))) }
        #expect(recorder[.storeState].acquisitions == 1)
        let hit = ThreadLockRecorder()
        hit.recording {
            var row = RowRecorder()
            for _ in 0..<10 {
                if let note = store.note(NoteID(2)) { store.display(note, into: &row) }
            }
        }
        #expect(hit.tallies.values.allSatisfy { $0.acquisitions == 0 })
        withExtendedLifetime(held) {}
    }

    @Test("withObservationTracking hears a background write when the main thread applies it, and only what it read")
    func observationTracking() throws {
        let main = MainQueue()
        let store = UniquingObservableStore(configuration: StoreConfiguration(mainQueue: main))
        try store.merge(Fixtures.graph().fullBatch)
        let note = try #require(store.note(NoteID(1)))
        let author = note.author
        let changes = Mutex<[Bool]>([])
        // A view that shows the author's name, as SwiftUI tracks a body.
        withObservationTracking {
            _ = author.name
        } onChange: {
            changes.withLock { $0.append(main.isMainThread) }
        }

        // A field the view did not read: no change for it.
        #expect(applyElsewhere(store, .user(UserPayload(id: author.id, bio: .present("A bio nobody shows")))))
        main.drain()
        #expect(changes.withLock { $0 }.isEmpty)

        #expect(applyElsewhere(store, .user(UserPayload(id: author.id, name: .present("Tracked Name Change")))))
        #expect(changes.withLock { $0 }.isEmpty)
        main.drain()
        #expect(changes.withLock { $0 } == [true])
        #expect(author.name == "Tracked Name Change")
    }

    /// Applies `patch` on a thread of its own; whether it applied.
    private func applyElsewhere(_ store: UniquingObservableStore, _ patch: ModelPatch) -> Bool {
        let applied = Mutex(false)
        runOnThreads(1) { _ in
            let result = (try? store.apply(patch)) != nil
            applied.withLock { $0 = result }
        }
        return applied.withLock { $0 }
    }
}
