import StoreInterface
import StoreTestSupport
import Testing

@testable import ModelGraph

/// Cascading deletes every store must perform identically.
@Suite("Conformance: cascading delete")
struct DeleteConformanceTests {
    @Test("deleting a user deletes what requires it and leaves participant lists", arguments: StoreUnderTest.all)
    func deleteUserCascades(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        let store = try Fixtures.store(kind, holding: graph)
        let user = graph.message(MessageID(1)).author
        let doomed = Self.cascade(deleting: user, in: graph)
        let summary = store.delete(.user(user))
        store.settle()
        // Exactly the user, the notes it wrote and the threads below the
        // messages it wrote: no fewer, no more.
        #expect(summary.deleted == doomed.count)
        #expect(doomed.count >= 2)
        let state = store.exportState()
        #expect(state.modelCount == graph.shape.modelCount - doomed.count)
        #expect(state.notes.keys.allSatisfy { !doomed.contains(.note($0)) })
        #expect(state.messages.keys.allSatisfy { !doomed.contains(.message($0)) })
        #expect(state.users[user] == nil)
        #expect(state.notes.values.allSatisfy { $0.author.id != user })
        for message in state.messages.values {
            #expect(message.author.id != user)
            #expect(!message.participants.contains { $0.id == user })
            // Nothing embeds a message that no longer exists.
            #expect(message.replies.allSatisfy { state.messages[$0.id] == $0 })
        }
        #expect(store.counts.models == state.modelCount)
    }

    /// What deleting `user` must remove, worked out from the generated graph.
    static func cascade(deleting user: UserID, in graph: GeneratedGraph) -> Set<ModelRef> {
        var doomed: Set<ModelRef> = [.user(user)]
        for id in graph.noteIDs where graph.note(id).author == user { doomed.insert(.note(id)) }
        var pending = graph.messageIDs.filter { graph.message($0).author == user }
        while let id = pending.popLast() {
            guard doomed.insert(.message(id)).inserted else { continue }
            pending += graph.message(id).replies
        }
        return doomed
    }

    @Test("deleting a message takes its replies and leaves its parent", arguments: StoreUnderTest.all)
    func deleteMessageTakesReplies(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        let store = try Fixtures.store(kind, holding: graph)
        let root = graph.threadRootIDs[0]
        let middle = graph.message(root).replies[0]
        let leaves = graph.message(middle).replies
        let summary = store.delete(.message(middle))
        store.settle()
        #expect(summary.deleted == 1 + leaves.count)
        #expect(summary.updated == 1)
        let state = store.exportState()
        #expect(state.messages[middle] == nil)
        #expect(leaves.allSatisfy { state.messages[$0] == nil })
        #expect(state.messages[root]?.replies.map(\.id) == Array(graph.message(root).replies.dropFirst()))
    }

    @Test("deleting a tag removes it from the notes it labels", arguments: StoreUnderTest.all)
    func deleteTagLeavesNotes(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        let store = try Fixtures.store(kind, holding: graph)
        let labelled = graph.noteIDs.filter { graph.note($0).tags.contains(TagID(2)) }
        let summary = store.delete(.tag(TagID(2)))
        store.settle()
        #expect(summary.deleted == 1)
        #expect(summary.updated == labelled.count)
        let state = store.exportState()
        #expect(state.notes.count == graph.notes.count)
        #expect(state.notes.values.allSatisfy { !$0.tags.contains { $0.id == TagID(2) } })
    }

    @Test("observers of a deleted model hear about it", arguments: StoreUnderTest.all)
    func deletionIsObserved(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        try checkDeletionObserved(Fixtures.store(kind, holding: graph), graph)
    }

    private func checkDeletionObserved<S: ModelStore>(_ store: S, _ graph: GeneratedGraph) throws {
        let note = NoteID(1)
        let screen = store.screen(showing: note)
        store.delete(.user(graph.note(note).author))
        store.settle()
        #expect(screen.sawDeletion)
        #expect(store.note(note) == nil)
    }

    @Test("deleting an unknown model does nothing", arguments: StoreUnderTest.all)
    func deleteUnknown(_ kind: StoreUnderTest) throws {
        let store = try Fixtures.store(kind, holding: Fixtures.graph())
        let before = store.exportState()
        #expect(store.delete(.note(NoteID(12_345))) == ChangeSummary())
        #expect(store.exportState() == before)
    }
}
