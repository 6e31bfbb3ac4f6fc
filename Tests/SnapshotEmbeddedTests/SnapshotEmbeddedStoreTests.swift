import SnapshotEmbedded
import StoreInterface
import StoreTestSupport
import Testing

@testable import ModelGraph

@Suite("Snapshot store (design B)")
struct SnapshotStoreTests {
    @Test("a held value never changes; the holder is handed the new one")
    func valuesDoNotChangeUnderHolders() throws {
        let store = SnapshotEmbeddedStore()
        try store.merge(Fixtures.graph().fullBatch)
        let screen = store.screen(showing: NoteID(1))
        let held = try #require(screen.held)
        try store.apply(.note(NotePayload(id: NoteID(1), title: .present("A title from later on"))))
        #expect(held.attributes.title != "A title from later on")
        #expect(screen.held?.attributes.title == "A title from later on")
        #expect(store.note(NoteID(1))?.attributes.title == "A title from later on")
    }

    @Test("a tag rename rebuilds and announces every note that embeds it")
    func tagRenamePropagates() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let store = SnapshotEmbeddedStore()
        try store.merge(graph.fullBatch)
        let screens = graph.noteIDs.map { store.screen(showing: $0) }
        let summary = try store.apply(.tag(graph.rename(tag: TagID(1))))
        #expect(summary.updated == 1)
        #expect(summary.propagated == graph.notes.count)
        #expect(summary.notifications == graph.notes.count)
        #expect(screens.allSatisfy { $0.updates == 1 })
    }

    @Test("a change deep in a thread rebuilds each ancestor once, up to the root")
    func deepChangeRebuildsAncestors() throws {
        let shape = GraphShape(
            users: 3, tags: 1, notes: 0, tagsPerNote: 0, threads: 1,
            participantsPerMessage: 0, repliesPerMessage: 2, threadDepth: 4)
        let graph = Fixtures.graph(shape)
        let store = SnapshotEmbeddedStore()
        try store.merge(graph.fullBatch)
        let leaf = MessageID(graph.messages.count)
        let summary = try store.apply(.message(MessagePayload(id: leaf, text: .present("edited leaf"))))
        #expect(summary.updated == 1)
        #expect(summary.propagated == shape.threadDepth)
        let root = try #require(store.message(graph.threadRootIDs[0]))
        var node = root
        while let last = node.replies.last { node = last }
        #expect(node.attributes.text == "edited leaf")
    }
}
