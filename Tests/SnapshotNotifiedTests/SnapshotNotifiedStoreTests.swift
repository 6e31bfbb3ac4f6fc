import Foundation
import Instrumentation
import StoreInterface
import StoreTestSupport
import Testing

@testable import ModelGraph
@testable import SnapshotNotified

@Suite("snapshot-notified: Pinterest's model cache")
struct SnapshotNotifiedStoreTests {
    @Test("a lookup takes the cache's mutex twice, a miss once, as PINMemoryCache's objectForKey: does")
    func everyReadWrites() throws {
        let graph = Fixtures.graph()
        let store = SnapshotNotifiedStore()
        try store.merge(graph.fullBatch)
        let locks = ThreadLockRecorder()
        locks.recording {
            withExtendedLifetime(store.note(NoteID(1))) {}
            withExtendedLifetime(store.note(NoteID(1_000_000))) {}
        }
        #expect(locks.tallies.values.reduce(0) { $0 + $1.acquisitions } == 3)
    }

    @Test("a child changed on its own leaves the parents built with it; a response for the parent embeds the new child")
    func childrenKeptAsBuilt() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let store = SnapshotNotifiedStore()
        try store.merge(graph.fullBatch)
        let oldName = graph.tag(TagID(1)).name
        let rename = graph.rename(tag: TagID(1))
        let summary = try store.apply(.tag(rename))
        #expect(summary.updated == 1)
        #expect(summary.propagated == 0)
        #expect(store.tag(TagID(1))?.attributes.name == rename.name.value)
        #expect(store.note(NoteID(1))?.tags.first { $0.id == TagID(1) }?.attributes.name == oldName)
        // A response carrying the note, its tags by id only, rebuilds it with the cache's tag.
        let tagIDs = try #require(store.note(NoteID(1))).tags.map { TagPayload(id: $0.id) }
        let again = try store.apply(.note(NotePayload(id: NoteID(1), tags: .present(tagIDs))))
        #expect(again.unchanged == tagIDs.count + 1)
        #expect(again.propagated == 1)
        #expect(store.note(NoteID(1))?.tags.first { $0.id == TagID(1) }?.attributes.name == rename.name.value)
        #expect(store.exportState().firstDifference(from: graph.state) == nil)
    }

    @Test("each update posts the cached instance through NotificationCenter to the blocks of its class and id")
    func postsThroughNotificationCenter() throws {
        var graph = Fixtures.graph()
        let store = SnapshotNotifiedStore()
        try store.merge(graph.fullBatch)
        let user = graph.note(NoteID(1)).author
        let screens = [store.screen(showing: user), store.screen(showing: user)]
        let summary = try store.apply(.user(graph.partialUpdate(user: user, fieldCount: 7, noOp: false)))
        #expect(summary.notifications == 2)
        #expect(screens.allSatisfy { $0.updates == 1 && $0.held == store.user(user) })
        #expect(ModelNotifications.name(.user(user)).rawValue == "updated user:\(user.rawValue)")
    }
}
