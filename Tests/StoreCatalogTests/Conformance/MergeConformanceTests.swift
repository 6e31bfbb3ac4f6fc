import Foundation
import StoreInterface
import StoreTestSupport
import Testing

@testable import ModelGraph

/// Merge semantics every store must share.
@Suite("Conformance: merging")
struct MergeConformanceTests {
    @Test("a full batch inserts the generated graph exactly", arguments: StoreUnderTest.all)
    func insertsGeneratedGraph(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        let store = kind.make()
        let summary = try store.merge(graph.fullBatch)
        store.settle()
        #expect(summary.inserted == graph.shape.modelCount)
        #expect(summary.updated == 0)
        #expect(store.counts.models == graph.shape.modelCount)
        let difference = store.exportState().firstDifference(from: graph.state)
        #expect(difference == nil)
    }

    @Test("absent fields keep their cached values", arguments: StoreUnderTest.all)
    func absentFieldsKeepValues(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        let store = try Fixtures.store(kind, holding: graph)
        let id = UserID(3)
        let before = graph.user(id)
        let summary = try store.apply(.user(UserPayload(id: id, name: .present("Renamed Person Here"))))
        store.settle()
        #expect(summary.updated == 1)
        let after = try #require(store.exportState().users[id]).attributes
        #expect(after.name == "Renamed Person Here")
        #expect(after.username == before.username)
        #expect(after.avatarURL == before.avatarURL)
        #expect(after.bio == before.bio)
        #expect(after.followerCount == before.followerCount)
    }

    @Test("an explicit null clears an optional field; absence does not", arguments: StoreUnderTest.all)
    func nullIsNotAbsent(_ kind: StoreUnderTest) throws {
        let store = kind.make()
        try store.apply(
            .user(
                UserPayload(
                    id: UserID(1),
                    full: UserAttributes(
                        name: "Ada Lovelace", username: "ada", avatarURL: "https://example.com/a.png",
                        bio: "Wrote the first program.", isOnline: true, followerCount: 1, updatedAt: 1))))
        store.settle()
        try store.apply(.user(UserPayload(id: UserID(1), followerCount: .present(2))))
        store.settle()
        #expect(store.exportState().users[UserID(1)]?.attributes.bio == "Wrote the first program.")
        try store.apply(.user(UserPayload(id: UserID(1), bio: .present(nil))))
        store.settle()
        #expect(store.exportState().users[UserID(1)]?.attributes.bio == nil)
        #expect(store.exportState().users[UserID(1)]?.attributes.followerCount == 2)
    }

    @Test("an equal payload is short-circuited: no update, no notification", arguments: StoreUnderTest.all)
    func equalMergeIsShortCircuited(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        try checkEqualMerge(Fixtures.store(kind, holding: graph), graph)
    }

    private func checkEqualMerge<S: ModelStore>(_ store: S, _ graph: GeneratedGraph) throws {
        let screens = graph.noteIDs.map { store.screen(showing: $0) }
        let summary = try store.merge(graph.fullBatch)
        let delivered = store.settle()
        #expect(summary.inserted == 0)
        #expect(summary.updated == 0)
        #expect(summary.propagated == 0)
        #expect(summary.notifications + delivered == 0)
        #expect(summary.unchanged > graph.fullBatch.count)
        #expect(screens.allSatisfy { $0.updates == 0 })
    }

    @Test("a batch that cannot merge changes nothing", arguments: StoreUnderTest.all)
    func failedBatchChangesNothing(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        let store = try Fixtures.store(kind, holding: graph)
        let before = store.exportState()
        var batch = PayloadBatch()
        batch.users = [UserPayload(id: UserID(1), name: .present("Changed Before The Failure"))]
        // A new note without a title: the batch must fail as a whole.
        batch.notes = [
            NotePayload(
                id: NoteID(999), body: .present("b"), isPinned: .present(false),
                updatedAt: .present(1), author: .present(UserPayload(id: UserID(1))))
        ]
        #expect(throws: MergeError.missingRequiredField(.note(NoteID(999)), field: "title")) {
            try store.merge(batch)
            store.settle()
        }
        #expect(store.exportState() == before)
    }

    @Test("a new model referring to an unknown user needs that user's fields", arguments: StoreUnderTest.all)
    func unknownChildNeedsFields(_ kind: StoreUnderTest) throws {
        let store = try Fixtures.store(kind, holding: Fixtures.graph())
        let payload = NotePayload(
            id: NoteID(500), title: .present("t"), body: .present("b"), isPinned: .present(false),
            updatedAt: .present(1), author: .present(UserPayload(id: UserID(777))))
        #expect(throws: MergeError.missingRequiredField(.user(UserID(777)), field: "name")) {
            try store.apply(.note(payload))
            store.settle()
        }
        #expect(store.exportState().notes[NoteID(500)] == nil)
    }

    @Test("partial payloads decoded from JSON merge as superset", arguments: StoreUnderTest.all)
    func jsonPartialMerge(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        let store = try Fixtures.store(kind, holding: graph)
        let json = Data(
            #"{"users":[{"id":2,"isOnline":true,"bio":null}],"notes":[{"id":1,"title":"From the server"}]}"#.utf8)
        try store.merge(PayloadBatch(json: json))
        store.settle()
        let state = store.exportState()
        #expect(state.users[UserID(2)]?.attributes.isOnline == true)
        #expect(state.users[UserID(2)]?.attributes.bio == nil)
        #expect(state.users[UserID(2)]?.attributes.name == graph.user(UserID(2)).name)
        #expect(state.notes[NoteID(1)]?.attributes.title == "From the server")
        #expect(state.notes[NoteID(1)]?.attributes.body == graph.note(NoteID(1)).attributes.body)
    }

    @Test("a malformed payload is rejected before it reaches the store", arguments: StoreUnderTest.all)
    func malformedJSONChangesNothing(_ kind: StoreUnderTest) throws {
        let store = try Fixtures.store(kind, holding: Fixtures.graph())
        let before = store.exportState()
        let json = Data(#"{"users":[{"id":2,"name":null}]}"#.utf8)
        #expect(throws: PayloadDecodingError.self) {
            try store.merge(PayloadBatch(json: json))
            store.settle()
        }
        #expect(store.exportState() == before)
    }

    @Test("moving a reply re-parents it; a reply cycle is refused", arguments: StoreUnderTest.all)
    func replyMovesAndCycles(_ kind: StoreUnderTest) throws {
        let graph = Fixtures.graph()
        let store = try Fixtures.store(kind, holding: graph)
        let roots = graph.threadRootIDs
        let moved = graph.message(roots[0]).replies[0]
        // Move a reply (and its subtree) from the first thread to the second.
        var target = graph.message(roots[1]).replies
        target.append(moved)
        try store.apply(
            .message(MessagePayload(id: roots[1], replies: .present(target.map { MessagePayload(id: $0) }))))
        store.settle()
        let state = store.exportState()
        #expect(state.messages[roots[1]]?.replies.map(\.id) == target)
        #expect(state.messages[roots[0]]?.replies.contains { $0.id == moved } == false)
        // The moved subtree came along, embedded under its new root.
        #expect(state.messages[roots[1]]?.replies.last == state.messages[moved])
        // Making a thread root a reply of its own descendant is a cycle.
        let before = store.exportState()
        let grandchild = graph.message(moved).replies[0]
        #expect(throws: MergeError.replyCycle(roots[1])) {
            try store.apply(.message(MessagePayload(id: grandchild, replies: .present([MessagePayload(id: roots[1])]))))
            store.settle()
        }
        #expect(store.exportState() == before)
    }
}
