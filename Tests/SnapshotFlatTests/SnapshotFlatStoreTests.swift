import Foundation
import StoreInterface
import StoreTestSupport
import Synchronization
import TestSupport
import Testing

@testable import ModelGraph
@testable import SnapshotFlat

/// What GitHawk's FlatCache does, as `snapshot-flat` must.
@Suite("snapshot-flat: GitHawk's FlatCache")
struct SnapshotFlatStoreTests {
    @Test("a write from another thread waits for the main thread, runs there and tells its observers there")
    func writesHopToTheMainThread() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let main = MainQueue()
        let store = SnapshotFlatStore(configuration: StoreConfiguration(mainQueue: main))
        try store.merge(graph.fullBatch)
        let heardOnMain = Mutex<[Bool]>([])
        let token = store.observe(TagID(1)) { _ in heardOnMain.withLock { $0.append(main.isMainThread) } }
        let rename = graph.rename(tag: TagID(1))
        let returned = Atomic<Bool>(false)
        let writer = Thread {
            _ = try? store.apply(.tag(rename))
            returned.store(true, ordering: .releasing)
        }
        writer.start()
        // The write is queued for the main thread, and has not run: nothing
        // but the main thread touches the cache.
        #expect(waitUntil { main.pendingCount == 1 })
        let returnedEarly = returned.load(ordering: .acquiring)
        #expect(!returnedEarly)
        #expect(heardOnMain.withLock { $0.isEmpty })
        #expect(waitUntil { main.drain() > 0 || returned.load(ordering: .acquiring) })
        #expect(waitUntil { returned.load(ordering: .acquiring) })
        #expect(heardOnMain.withLock { $0 } == [true])
        #expect(store.tag(TagID(1))?.attributes.name == rename.name.value!)
        withExtendedLifetime(token) {}
    }

    /// FlatCache's `FlatCacheKey(typeName: String(describing: T.self), id:)`
    /// and `storage[key] as? T`: the cost of every get and set.
    @Test("a value is kept as Any under its type's name and its string id, and cast back by type")
    func keysAreTypeNames() {
        let cache = FlatCache()
        let user = User(
            id: UserID(1),
            attributes: UserAttributes(
                name: "Ada", username: "ada", avatarURL: "", bio: nil, isOnline: true, followerCount: 0, updatedAt: 1))
        let tag = ModelGraph.Tag(id: TagID(1), attributes: TagAttributes(name: "swift", colorHex: nil, updatedAt: 1))
        cache.set(user)
        cache.set(tag)
        #expect(
            Set(cache.storage.keys) == [
                FlatCacheKey(typeName: "User", id: "1"), FlatCacheKey(typeName: "Tag", id: "1"),
            ])
        #expect(cache.get(User.self, id: "1") == user)
        #expect(cache.get(ModelGraph.Tag.self, id: "1") == tag)
        #expect(cache.get(FlatNote.self, id: "1") == nil)
    }

    /// `set(value:)` → `enumerateListeners(key:)`: each live entry of the
    /// key's weak table, cast to a listener and told `.item(value)`.
    @Test("a set owes each live listener of its key the value; dead and other keys' listeners hear nothing")
    func setTellsTheKeysListeners() throws {
        final class Heard: FlatCacheListener, @unchecked Sendable {
            var values: [String] = []
            func flatCacheDidUpdate(_ update: FlatCacheUpdate) {
                if case .item(let item) = update, let tag = item as? ModelGraph.Tag {
                    values.append(tag.attributes.name)
                }
            }
        }
        let cache = FlatCache()
        let listener = Heard(), other = Heard()
        var dead: Heard? = Heard()
        cache.add(listener, to: ModelGraph.Tag.self, id: "1")
        cache.add(dead!, to: ModelGraph.Tag.self, id: "1")
        cache.add(other, to: User.self, id: "1")
        dead = nil
        cache.set(ModelGraph.Tag(id: TagID(1), attributes: TagAttributes(name: "renamed", colorHex: nil, updatedAt: 2)))
        let owed = cache.takeOwedCalls()
        #expect(owed.count == 1)
        for call in owed { call.listener.flatCacheDidUpdate(call.update) }
        #expect(listener.values == ["renamed"])
        #expect(other.values.isEmpty)
        #expect(cache.liveListeners == 2)
    }

    @Test("a lookup off the main thread traps, as FlatCache's assert(Thread.isMainThread) does")
    func lookupOffTheMainThreadTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = SnapshotFlatStore()
            try? store.merge(
                PayloadBatch(users: [
                    UserPayload(
                        id: UserID(1),
                        full: UserAttributes(
                            name: "Ada Lovelace", username: "ada", avatarURL: "https://example.com/a.png", bio: nil,
                            isOnline: true, followerCount: 1, updatedAt: 1))
                ]))
            lookUpOffTheMainThread(store)
        }
    }

    @Test("a tag rename rebuilds nothing and tells only the tag's observers")
    func renameRebuildsNothing() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let store = SnapshotFlatStore()
        try store.merge(graph.fullBatch)
        let notes = graph.noteIDs.map { store.screen(showing: $0) }
        let chip = store.screen(showing: TagID(1))
        let rename = graph.rename(tag: TagID(1))
        let summary = try store.apply(.tag(rename))
        #expect(summary.updated == 1)
        #expect(summary.propagated == 0)
        #expect(summary.notifications == 1)
        #expect(chip.updates == 1)
        #expect(notes.allSatisfy { $0.updates == 0 })
        // The held notes never changed, and still show the new name: the row joins.
        for screen in notes {
            #expect(store.row(ofNote: try #require(screen.held)).contains(.text(rename.name.value!)))
        }
    }

    @Test("a held note keeps its own fields until it is handed a new value")
    func heldValueKeepsOwnFields() throws {
        let store = SnapshotFlatStore()
        try store.merge(Fixtures.graph().fullBatch)
        let held = try #require(store.note(NoteID(1)))
        try store.apply(.note(NotePayload(id: NoteID(1), title: .present("A title from later on"))))
        #expect(held.record.attributes.title != "A title from later on")
        #expect(store.note(NoteID(1))?.record.attributes.title == "A title from later on")
    }
}
