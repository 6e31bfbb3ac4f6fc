import StoreInterface
import StoreTestSupport
import Testing
import UniquingLocked

@testable import ModelGraph

@Suite("Uniquing store (design A)")
struct UniquingStoreTests {
    @Test("one id gives one object while it is held")
    func identityWhileHeld() throws {
        let store = UniquingLockedStore()
        try store.merge(Fixtures.graph().fullBatch)
        let first = try #require(store.note(NoteID(1)))
        let second = try #require(store.note(NoteID(1)))
        #expect(first === second)
        // Notes sharing an author share the author object.
        let graph = Fixtures.graph()
        let sameAuthor = graph.noteIDs.filter { graph.note($0).author == graph.note(NoteID(1)).author }
        for id in sameAuthor {
            #expect(try #require(store.note(id)).author === first.author)
        }
    }

    @Test("a merge changes the held object in place, with no notification needed")
    func mergeIsInPlace() throws {
        let store = UniquingLockedStore()
        try store.merge(Fixtures.graph().fullBatch)
        let held = try #require(store.user(UserID(2)))
        let note = try #require(store.note(NoteID(1)))
        try store.apply(.user(UserPayload(id: UserID(2), name: .present("Changed In Place Everywhere"))))
        #expect(held.name == "Changed In Place Everywhere")
        try store.apply(.tag(TagPayload(id: note.tags[0].id, name: .present("renamed in place"))))
        #expect(note.tags[0].name == "renamed in place")
    }

    @Test("unheld objects die; a manual table keeps dead entries until purge")
    func manualPurge() throws {
        let store = UniquingLockedStore(configuration: StoreConfiguration(purgePolicy: .manual))
        let graph = Fixtures.graph()
        try store.merge(graph.fullBatch)
        for id in graph.noteIDs { _ = store.note(id) }
        let afterLookups = store.counts
        // Each note brought its author and tags to life, and all died with it.
        let touched = graph.notes.count + Set(graph.notes.map(\.author)).count + Set(graph.notes.flatMap(\.tags)).count
        #expect(afterLookups.live == 0)
        #expect(afterLookups.tableEntries == touched)
        #expect(afterLookups.materialized >= touched)
        let purged = store.purge()
        #expect(purged == afterLookups.tableEntries)
        #expect(store.counts.tableEntries == 0)
        #expect(store.counts.purged == purged)
    }

    @Test("a held object survives a purge; its dead neighbours do not")
    func purgeKeepsHeldObjects() throws {
        let store = UniquingLockedStore(configuration: StoreConfiguration(purgePolicy: .manual))
        try store.merge(Fixtures.graph().fullBatch)
        let held = try #require(store.user(UserID(1)))
        _ = store.user(UserID(2))
        #expect(store.purge() == 1)
        #expect(store.counts.live == 1)
        #expect(store.counts.tableEntries == 1)
        #expect(store.user(UserID(1)) === held)
        #expect(store.counts.materialized == 2)
    }

    @Test("a lookup after the object died builds a new one")
    func missRematerializes() throws {
        let store = UniquingLockedStore(configuration: StoreConfiguration(purgePolicy: .manual))
        try store.merge(Fixtures.graph().fullBatch)
        var held: LiveUser? = store.user(UserID(4))
        #expect(held != nil)
        held = nil
        #expect(store.counts.live == 0)
        held = store.user(UserID(4))
        #expect(store.counts.materialized == 2)
        #expect(store.counts.tableEntries == 1)
        #expect(store.counts.live == 1)
        withExtendedLifetime(held) {}
    }

    @Test("sweeping every n insertions bounds the dead entries")
    func everyInsertionsPolicy() throws {
        let store = UniquingLockedStore(configuration: StoreConfiguration(purgePolicy: .every(insertions: 5)))
        let graph = Fixtures.graph()
        try store.merge(graph.fullBatch)
        for id in graph.userIDs { _ = store.user(id) }
        // 8 users inserted one at a time. The sweep after the 5th insertion
        // removed the 4 dead entries and kept the 5th, alive while inserted;
        // 3 more followed.
        #expect(store.counts.tableEntries == 4)
        #expect(store.counts.purged == 4)
    }

    @Test("sweeping on doubling keeps at most half the table dead")
    func onDoublingPolicy() throws {
        let store = UniquingLockedStore(configuration: StoreConfiguration(purgePolicy: .onDoubling))
        let shape = GraphShape(users: 1_000, tags: 1, notes: 0, tagsPerNote: 0, threads: 0, participantsPerMessage: 0)
        try store.merge(Fixtures.graph(shape).fullBatch)
        let held = (1...100).compactMap { store.user(UserID($0)) }
        for id in 101...1_000 { _ = store.user(UserID(id)) }
        let counts = store.counts
        #expect(counts.live == 100)
        #expect(counts.purged > 0)
        #expect(counts.tableEntries <= max(64, 2 * counts.live) + 64)
        withExtendedLifetime(held) {}
    }

    @Test("a holder of a deleted object sees it marked deleted")
    func deletedObjectIsMarked() throws {
        let store = UniquingLockedStore()
        try store.merge(Fixtures.graph().fullBatch)
        let held = try #require(store.note(NoteID(5)))
        store.delete(.note(NoteID(5)))
        #expect(held.isDeleted)
        #expect(store.note(NoteID(5)) == nil)
    }

    @Test("per-field row locking displays the same rows when nothing is writing")
    func perFieldRows() throws {
        let store = UniquingLockedStore(configuration: StoreConfiguration(rowLocking: .perField))
        try store.merge(Fixtures.graph().fullBatch)
        let state = store.exportState()
        for (id, note) in state.notes {
            #expect(store.row(ofNote: try #require(store.note(id))) == ExpectedRow.of(note))
        }
        for (id, message) in state.messages {
            #expect(store.row(ofMessage: try #require(store.message(id))) == ExpectedRow.of(message))
        }
    }
}
