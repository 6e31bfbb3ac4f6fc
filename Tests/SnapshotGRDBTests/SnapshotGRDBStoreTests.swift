import Foundation
import GRDB
import StoreInterface
import StoreTestSupport
import Synchronization
import TestSupport
import Testing

@testable import ModelGraph
@testable import SnapshotGRDB

/// What GRDB does, as `snapshot-grdb` must.
@Suite("snapshot-grdb: GRDB's DatabaseQueue and one TransactionObserver")
struct SnapshotGRDBStoreTests {
    /// A store on its own main queue, holding a graph whose notes share a tag.
    static func loaded() throws -> (GeneratedGraph, MainQueue, SnapshotGRDBStore) {
        let graph = Fixtures.graph(Fixtures.sharedTagShape)
        let main = MainQueue()
        let store = SnapshotGRDBStore(configuration: StoreConfiguration(mainQueue: main))
        try store.merge(graph.fullBatch)
        return (graph, main, store)
    }

    @Test(
        "observers hear of a write on the main thread, later: a write returns with nothing delivered, settle delivers")
    func observersRunOnTheMainThreadLater() throws {
        let (loaded, main, store) = try Self.loaded()
        var graph = loaded
        let heard = Mutex<[Bool]>([])
        let token = store.observe(TagID(1)) { _ in heard.withLock { $0.append(main.isMainThread) } }
        let summary = try store.apply(.tag(graph.rename(tag: TagID(1))))
        #expect(summary.notifications == 0, "GRDB fetches within the write and delivers on the main queue later")
        #expect(heard.withLock { $0.isEmpty })
        #expect(
            waitUntil { main.pendingCount == 1 },
            "the value fetched in the write reaches the main queue, and waits there")
        #expect(heard.withLock { $0.isEmpty })
        #expect(store.settle() == 1)
        #expect(heard.withLock { $0 } == [true])
        withExtendedLifetime(token) {}
    }

    @Test("one observer for the store: a write fetches only the observed models built from the rows it changed")
    func observerFetchesOnlyWhatAWriteTouched() throws {
        let (graph, _, store) = try Self.loaded()
        let note = try #require(store.note(NoteID(1)))
        let other = try #require(graph.userIDs.first { $0 != note.author.id && $0.rawValue > 0 })
        let heard = Mutex<[Note]>([])
        let token = store.observe(NoteID(1)) { change in
            if case .updated(let note) = change { heard.withLock { $0.append(note) } }
        }
        try store.apply(.user(UserPayload(id: other, name: .present("someone else"))))
        #expect(store.changes.ledger.pending.load(ordering: .relaxed) == 0, "no observed note embeds that user")
        #expect(store.settle() == 0)
        try store.apply(.user(UserPayload(id: note.author.id, name: .present("the author renamed"))))
        #expect(store.settle() == 1)
        try store.apply(.tag(TagPayload(id: try #require(note.tags.first).id, name: .present("renamed tag"))))
        #expect(store.settle() == 1, "the note embeds its tags")
        #expect(heard.withLock { $0.map(\.author.attributes.name) } == ["the author renamed", "the author renamed"])
        #expect(heard.withLock { $0.last?.tags.first?.attributes.name } == "renamed tag")
        withExtendedLifetime(token) {}
    }

    @Test("a change to a note's links alone, or a tag's deletion, reaches the note's screens")
    func linkChangesReachTheNote() throws {
        let (_, _, store) = try Self.loaded()
        let note = try #require(store.note(NoteID(1)))
        let tags = note.tags.map(\.id)
        try #require(!tags.isEmpty)
        let heard = Mutex<[[TagID]]>([])
        let token = store.observe(NoteID(1)) { change in
            if case .updated(let note) = change { heard.withLock { $0.append(note.tags.map(\.id)) } }
        }
        try store.apply(.note(NotePayload(id: NoteID(1), tags: .present(tags.reversed().map { TagPayload(id: $0) }))))
        #expect(
            store.settle() == (tags.count > 1 ? 1 : 0), "the tags' order is the note's: its row is written with them")
        store.delete(.tag(tags[0]))
        #expect(store.settle() == 1)
        #expect(heard.withLock { $0.last } == tags.reversed().filter { $0 != tags[0] })
        withExtendedLifetime(token) {}
    }

    @Test(
        "screens observing one model share its fetch: one value per write however many observe, the last to leave stops it"
    )
    func screensShareAnObservation() throws {
        var (graph, _, store) = try Self.loaded()
        let heard = Mutex(0)
        var tokens = (0..<3).map { _ in store.observe(TagID(1)) { _ in heard.withLock { $0 += 1 } } }
        #expect(store.changes.observedModels == 1)
        try store.apply(.tag(graph.rename(tag: TagID(1))))
        #expect(store.changes.ledger.pending.load(ordering: .relaxed) == 1, "one delivery for the three screens")
        #expect(store.settle() == 3)
        tokens.removeLast().cancel()
        try store.apply(.tag(graph.rename(tag: TagID(1))))
        #expect(store.settle() == 2)
        let late = store.observe(TagID(1)) { _ in heard.withLock { $0 += 1 } }
        #expect(heard.withLock { $0 } == 5, "a screen joining hears the current value as its first, not as a change")
        for token in tokens { token.cancel() }
        late.cancel()
        #expect(store.changes.observedModels == 0, "no screen left: nothing observed")
        try store.apply(.tag(graph.rename(tag: TagID(1))))
        #expect(store.changes.ledger.pending.load(ordering: .relaxed) == 0)
        #expect(store.settle() == 0)
        let again = store.observe(TagID(1)) { _ in heard.withLock { $0 += 1 } }
        try store.apply(.tag(graph.rename(tag: TagID(1))))
        #expect(store.settle() == 1, "observed again, it is heard again")
        withExtendedLifetime(again) {}
    }

    @Test("a refused batch rolls back: nothing it merged before the refusal stays")
    func refusedBatchRollsBack() throws {
        let graph = Fixtures.graph()
        let store = SnapshotGRDBStore()
        try store.merge(graph.fullBatch)
        let before = store.exportState()
        var batch = PayloadBatch()
        batch.users = [UserPayload(id: graph.userIDs[0], name: .present("renamed"))]
        batch.notes = [NotePayload(id: NoteID(99_999), title: .present("no author"))]
        #expect(throws: MergeError.self) { try store.merge(batch) }
        #expect(store.exportState() == before)
    }

    @Test("a reader on another thread waits while a write holds the database queue")
    func readsQueueBehindWrites() throws {
        let graph = Fixtures.graph()
        let store = SnapshotGRDBStore()
        try store.merge(graph.fullBatch)
        let writing = Atomic(false)
        let release = Atomic(false)
        let read = Atomic(false)
        let writer = Thread {
            try? store.database.write { _ in
                writing.store(true, ordering: .releasing)
                while !release.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.001) }
            }
        }
        writer.start()
        #expect(waitUntil { writing.load(ordering: .acquiring) })
        let reader = Thread {
            _ = store.note(NoteID(1))
            read.store(true, ordering: .releasing)
        }
        reader.start()
        Thread.sleep(forTimeInterval: 0.05)
        let readEarly = read.load(ordering: .acquiring)
        #expect(!readEarly, "the one connection is the writer's until it is done")
        release.store(true, ordering: .releasing)
        #expect(waitUntil { read.load(ordering: .acquiring) })
    }
}
