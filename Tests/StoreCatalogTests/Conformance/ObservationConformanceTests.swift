import StoreInterface
import StoreTestSupport
import Synchronization
import Testing

@testable import ModelGraph

/// Observation lifetime: tokens and owners end observations.
@Suite("Conformance: observation")
struct ObservationConformanceTests {
    @Test("releasing the token removes the observer; it is never called again", arguments: StoreUnderTest.all)
    func tokenReleaseRemovesObserver(_ kind: StoreUnderTest) throws {
        try checkTokenRelease(Fixtures.store(kind, holding: Fixtures.graph()))
    }

    private func checkTokenRelease<S: ModelStore>(_ store: S) throws {
        let calls = Atomic<Int>(0)
        var token: ObservationToken? = store.observe(UserID(1)) { _ in calls.add(1, ordering: .relaxed) }
        #expect(store.counts.observers == 1)
        try store.apply(.user(UserPayload(id: UserID(1), followerCount: .present(-1))))
        store.settle()
        #expect(calls.load(ordering: .relaxed) == 1)
        withExtendedLifetime(token) {}
        token = nil
        #expect(store.counts.observers == 0)
        try store.apply(.user(UserPayload(id: UserID(1), followerCount: .present(-2))))
        store.settle()
        #expect(calls.load(ordering: .relaxed) == 1)
    }

    @Test("an observer whose owner goes away is removed and never called", arguments: StoreUnderTest.all)
    func ownerDeathRemovesObserver(_ kind: StoreUnderTest) throws {
        try checkOwnerDeath(Fixtures.store(kind, holding: Fixtures.graph()))
    }

    private func checkOwnerDeath<S: ModelStore>(_ store: S) throws {
        let calls = Atomic<Int>(0)
        var screen: Screen<S.NoteHandle>? = store.screen(showing: NoteID(2))
        let other = store.observe(NoteID(2)) { _ in calls.add(1, ordering: .relaxed) }
        #expect(store.counts.observers == 2)
        weak let weakScreen = screen
        screen = nil
        #expect(weakScreen == nil)
        #expect(store.counts.observers == 1)
        let summary = try store.apply(.note(NotePayload(id: NoteID(2), isPinned: .present(true))))
        // A store that delivers later (a consistency manager) counts its
        // deliveries when it settles, not at the write.
        #expect(summary.notifications + store.settle() == 1)
        #expect(calls.load(ordering: .relaxed) == 1)
        withExtendedLifetime(other) {}
    }

    @Test(
        "cancelling is idempotent and observing an unknown id waits for its insertion",
        arguments: StoreUnderTest.all)
    func observeBeforeInsert(_ kind: StoreUnderTest) throws {
        try checkObserveBeforeInsert(kind.make())
    }

    private func checkObserveBeforeInsert<S: ModelStore>(_ store: S) throws {
        let screen = store.screen(showing: UserID(9))
        #expect(screen.held == nil)
        try store.apply(
            .user(
                UserPayload(
                    id: UserID(9),
                    full: UserAttributes(
                        name: "Grace Hopper", username: "grace", avatarURL: "https://example.com/g.png",
                        bio: nil, isOnline: false, followerCount: 0, updatedAt: 1))))
        store.settle()
        #expect(screen.updates == 1)
        #expect(store.row(ofUser: try #require(screen.held)).first == .text("Grace Hopper"))
        let token = store.observe(UserID(9)) { _ in }
        token.cancel()
        token.cancel()
        #expect(store.counts.observers == 1)
    }

    @Test("an observer may read the store from its handler", arguments: StoreUnderTest.all)
    func handlerMayReadStore(_ kind: StoreUnderTest) throws {
        try checkReentrantRead(Fixtures.store(kind, holding: Fixtures.graph()))
    }

    private func checkReentrantRead<S: ModelStore>(_ store: S) throws {
        let seen = Mutex<[Int64]>([])
        let token = store.observe(NoteID(3)) { [store] _ in
            // Reading inside a handler must not deadlock: no store lock is held.
            if let note = store.note(NoteID(3)) {
                var recorder = RowRecorder()
                store.display(note, into: &recorder)
                seen.withLock {
                    $0.append(recorder.fields.compactMap { if case .number(let n) = $0 { n } else { nil } }.last ?? 0)
                }
            }
        }
        try store.apply(.note(NotePayload(id: NoteID(3), updatedAt: .present(424_242))))
        store.settle()
        #expect(seen.withLock { $0 } == [424_242])
        withExtendedLifetime(token) {}
    }
}
