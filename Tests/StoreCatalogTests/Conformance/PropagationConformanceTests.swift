import StoreInterface
import StoreTestSupport
import Testing

@testable import ModelGraph

/// A change must reach everyone showing it, whatever the design.
@Suite("Conformance: propagation to holders")
struct PropagationConformanceTests {
    /// One tag on every note, so renaming it touches all of them. Where a
    /// parent keeps its children as built, every holder of a note keeps the
    /// old name, and the tag's own holders see the new one.
    @Test("after a tag rename every holder of a note displays the name its design says", arguments: StoreUnderTest.all)
    func tagRenameReachesHolders(_ kind: StoreUnderTest) throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        try checkTagRename(Fixtures.store(kind, holding: graph), &graph)
    }

    private func checkTagRename<S: ModelStore>(_ store: S, _ graph: inout GeneratedGraph) throws {
        let screens = graph.noteIDs.map { store.screen(showing: $0) }
        let tagScreen = store.screen(showing: TagID(1))
        let oldName = graph.state.tags[TagID(1)]!.attributes.name
        let rename = graph.rename(tag: TagID(1))
        try store.apply(.tag(rename))
        store.settle()
        let newName = try #require(rename.name.value)
        let shown = S.design.childChanges == .reachesEveryParent ? newName : oldName
        for screen in screens {
            let held = try #require(screen.held)
            #expect(store.row(ofNote: held).contains(.text(shown)))
        }
        #expect(tagScreen.updates == 1)
        #expect(store.row(ofTag: try #require(tagScreen.held)).contains(.text(newName)))
        #expect(store.exportState().firstDifference(from: graph.state) == nil)
    }

    @Test("a user change reaches every message row that shows the user", arguments: StoreUnderTest.all)
    func childPropagatesToParents(_ kind: StoreUnderTest) throws {
        var graph = Fixtures.graph()
        try checkChildPropagation(Fixtures.store(kind, holding: graph), &graph)
    }

    private func checkChildPropagation<S: ModelStore>(_ store: S, _ graph: inout GeneratedGraph) throws {
        let author = graph.message(MessageID(1)).author
        let built = store.exportState()
        let screens = graph.messageIDs.map { store.screen(showing: $0) }
        // A screen showing messages watches their authors too, as a list of
        // rows with author names would.
        let authorScreen = store.screen(showing: author)
        let update = graph.partialUpdate(user: author, fieldCount: 7, noOp: false)
        try store.apply(.user(update))
        store.settle()
        let state = store.exportState()
        #expect(state.firstDifference(from: graph.state) == nil)
        // Kept as built, a message shows the author it was built with.
        let shown = S.design.childChanges == .reachesEveryParent ? state : built
        for (id, screen) in zip(graph.messageIDs, screens) {
            let held = try #require(screen.held)
            #expect(store.row(ofMessage: held) == ExpectedRow.of(shown.messages[id]!))
        }
        #expect(authorScreen.updates == 1)
        #expect(store.row(ofUser: try #require(authorScreen.held)) == ExpectedRow.of(state.users[author]!))
    }

    @Test("editing a whole thread keeps every level consistent", arguments: StoreUnderTest.all)
    func threadEditStaysConsistent(_ kind: StoreUnderTest) throws {
        var graph = Fixtures.graph()
        let store = try Fixtures.store(kind, holding: graph)
        let root = graph.threadRootIDs[1]
        let summary = try store.apply(.message(graph.editThread(root: root)))
        store.settle()
        #expect(summary.updated == graph.shape.messagesPerThread)
        #expect(store.exportState().firstDifference(from: graph.state) == nil)
    }

    @Test("rows display what RowLayout says for every model", arguments: StoreUnderTest.all)
    func rowsFollowTheLayout(_ kind: StoreUnderTest) throws {
        try checkRows(Fixtures.store(kind, holding: Fixtures.graph()))
    }

    private func checkRows<S: ModelStore>(_ store: S) throws {
        let state = store.exportState()
        for (id, note) in state.notes {
            #expect(store.row(ofNote: try #require(store.note(id))) == ExpectedRow.of(note))
        }
        for (id, message) in state.messages {
            #expect(store.row(ofMessage: try #require(store.message(id))) == ExpectedRow.of(message))
        }
        for (id, user) in state.users {
            #expect(store.row(ofUser: try #require(store.user(id))) == ExpectedRow.of(user))
        }
    }

    /// Where parents keep their children as built, a parent's lookup shows
    /// the children it was built with, and the children's own lookups are current.
    @Test(
        "a lookup returns what its design says after a child changes, whether anyone listens or not",
        arguments: StoreUnderTest.all)
    func lookupIsAlwaysCurrent(_ kind: StoreUnderTest) throws {
        var graph = Fixtures.graph()
        try checkLookupsCurrent(Fixtures.store(kind, holding: graph), &graph)
    }

    private func checkLookupsCurrent<S: ModelStore>(_ store: S, _ graph: inout GeneratedGraph) throws {
        let built = graph.state
        // Half the notes and threads have a listening screen, half have none.
        let listened = graph.noteIDs.filter { $0.rawValue.isMultiple(of: 2) }.map { store.screen(showing: $0) }
        let threads = graph.threadRootIDs.prefix(1).map { store.screen(showing: $0) }
        for round in 0..<3 {
            let user = graph.note(NoteID(1 + round)).author
            try store.apply(.user(graph.partialUpdate(user: user, fieldCount: 7, noOp: false)))
            store.settle()
            try store.apply(.tag(graph.rename(tag: TagID(1 + round % graph.tags.count))))
            store.settle()
            let current = graph.state
            let state = S.design.childChanges == .reachesEveryParent ? current : built
            for (id, user) in current.users {
                #expect(store.row(ofUser: try #require(store.user(id))) == ExpectedRow.of(user), "user \(id)")
            }
            for (id, tag) in current.tags {
                #expect(store.row(ofTag: try #require(store.tag(id))) == ExpectedRow.of(tag), "tag \(id)")
            }
            for id in graph.noteIDs {
                #expect(
                    store.row(ofNote: try #require(store.note(id))) == ExpectedRow.of(state.notes[id]!), "note \(id)")
            }
            for id in graph.messageIDs {
                var shown = RowRecorder(), wanted = RowRecorder()
                store.display(thread: try #require(store.message(id)), into: &shown)
                RowLayout.display(thread: state.messages[id]!, into: &wanted)
                #expect(shown.fields == wanted.fields, "thread \(id)")
            }
        }
        withExtendedLifetime((listened, threads)) {}
    }
}
