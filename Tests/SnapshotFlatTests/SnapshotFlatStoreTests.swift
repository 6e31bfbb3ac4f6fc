@testable import ModelGraph
import SnapshotFlat
import StoreInterface
import StoreTestSupport
import Testing

@Suite("snapshot-flat")
struct SnapshotFlatStoreTests {
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
