@testable import ModelGraph
import SnapshotListened
import StoreInterface
import StoreTestSupport
import Testing

@Suite("snapshot-listened")
struct SnapshotListenedStoreTests {
    @Test("a tag rename rebuilds only the notes someone listens to")
    func renameRebuildsListenedTrees() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let store = SnapshotListenedStore()
        try store.merge(graph.fullBatch)
        let listened = graph.noteIDs.prefix(7).map { store.screen(showing: $0) }
        let held = try #require(store.note(graph.noteIDs.last!))
        let rename = graph.rename(tag: TagID(1))
        let summary = try store.apply(.tag(rename))
        #expect(summary.propagated == listened.count)
        #expect(summary.notifications == listened.count)
        #expect(listened.allSatisfy { $0.updates == 1 })
        // A value held without listening is not rebuilt; a lookup is current.
        #expect(!held.tags.contains { $0.attributes.name == rename.name.value! })
        #expect(store.note(graph.noteIDs.last!)?.tags.first?.attributes.name == rename.name.value!)
    }

    @Test("a change deep in a listened thread rebuilds its path and reuses the rest")
    func threadRegeneratedAlongThePath() throws {
        let shape = GraphShape(users: 3, tags: 1, notes: 0, tagsPerNote: 0, threads: 1,
                               participantsPerMessage: 0, repliesPerMessage: 2, threadDepth: 3)
        let graph = Fixtures.graph(shape)
        let store = SnapshotListenedStore()
        try store.merge(graph.fullBatch)
        let root = graph.threadRootIDs[0]
        let screen = store.screen(showing: root)
        let before = try #require(screen.held)
        let leaf = MessageID(graph.messages.count)
        let summary = try store.apply(.message(MessagePayload(id: leaf, text: .present("edited leaf"))))
        #expect(summary.propagated == 1)
        let after = try #require(screen.held)
        var node = after
        while let last = node.replies.last { node = last }
        #expect(node.attributes.text == "edited leaf")
        // The first reply's subtree did not change: the new tree shares it.
        #expect(after.replies.first == before.replies.first)
    }

    @Test("the last observer leaving stops the rebuilding")
    func listenerLeaving() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let store = SnapshotListenedStore()
        try store.merge(graph.fullBatch)
        var screens: [Screen<Note>]? = graph.noteIDs.prefix(3).map { store.screen(showing: $0) }
        #expect(try store.apply(.tag(graph.rename(tag: TagID(1)))).propagated == 3)
        withExtendedLifetime(screens) {}
        screens = nil
        #expect(try store.apply(.tag(graph.rename(tag: TagID(1)))).propagated == 0)
    }
}
