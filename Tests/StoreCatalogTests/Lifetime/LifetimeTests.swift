import Foundation
import StoreInterface
import StoreTestSupport
import Synchronization
import TestSupport
import Testing

@testable import BenchMetrics
@testable import ModelGraph

/// What stays in memory once holders, observers and stores go away.
@Suite("Lifetime: nothing outlives its holders")
struct LifetimeTests {
    static let shape = ConcurrentStressTests.shape

    @Test(
        "observers whose screens died while another thread wrote are removed and never called",
        arguments: StoreUnderTest.all)
    func observersOfDeadScreens(_ kind: StoreUnderTest) throws {
        let main = MainQueue()
        try checkDeadScreens(
            Fixtures.store(
                kind, holding: Fixtures.graph(Self.shape, seed: 6),
                StoreConfiguration(mainQueue: main)), main)
    }

    /// Screens open and close where the store allows them (three threads, or
    /// the main thread) while one thread writes to what they show.
    private func checkDeadScreens<S: ModelStore>(_ store: S, _ main: MainQueue) throws {
        let calls = Atomic<Int>(0)
        let anyThread = S.design.threading.handlesOnAnyThread
        let screensOpened = Atomic<Int>(0)
        @Sendable func openAndClose(_ step: Int, _ thread: Int) {
            let screen = store.screen(showing: UserID(1 + (step + thread) % 10))
            let counted = store.observe(UserID(1 + step % 10)) { _ in calls.add(1, ordering: .relaxed) }
            withExtendedLifetime((screen, counted)) {}
            screensOpened.add(1, ordering: .releasing)
        }
        var mainStep = 0
        runOnThreads(
            anyThread ? 4 : 1,
            whileWaiting: {
                main.drain()
                guard !anyThread else {
                    usleep(100)
                    return
                }
                openAndClose(mainStep, 0)
                mainStep += 1
            }
        ) { thread in
            if thread == 0 {
                // Writes begin once screens are coming and going.
                waitUntil { screensOpened.load(ordering: .acquiring) > 0 }
                for step in 0..<600 {
                    _ = try? store.apply(.user(UserPayload(id: UserID(1 + step % 10), followerCount: .present(step))))
                }
                return
            }
            for step in 0..<400 { openAndClose(step, thread) }
        }
        main.drain()
        store.settle()
        #expect(store.counts.observers == 0)
        let before = calls.load(ordering: .relaxed)
        for id in 1...10 {
            let summary = try store.apply(.user(UserPayload(id: UserID(id), followerCount: .present(-id))))
            #expect(summary.notifications + store.settle() == 0)
        }
        #expect(calls.load(ordering: .relaxed) == before)
    }

    @Test(
        "a store's memory all comes back when its last holder lets go",
        .enabled(if: !Sanitizers.isActive, "a sanitizer replaces jemalloc"),
        arguments: StoreUnderTest.all)
    func memoryReturnsToBaseline(_ kind: StoreUnderTest) throws {
        try checkMemoryReturns(kind.type)
    }

    private func checkMemoryReturns<S: ModelStore>(_ type: S.Type) throws {
        let graph = Fixtures.graph(Self.shape, seed: 7)
        let renames = (1...graph.tags.count).map {
            ModelPatch.tag(TagPayload(id: TagID($0), name: .present("renamed \($0)")))
        }
        // One life of a store: loaded, looked at, edited, observed, pruned.
        // With `watched`, the store is handed back weakly: it must be gone
        // once its holders are.
        func life(watched: Bool = false) throws -> WeakReference<S>? {
            let store = S(configuration: StoreConfiguration(purgePolicy: .manual))
            try store.merge(graph.fullBatch)
            let screens = graph.noteIDs.prefix(50).map { store.screen(showing: $0) }
            var held = graph.messageIDs.compactMap { store.message($0) }
            for patch in renames { try store.apply(patch) }
            store.delete(.user(UserID(3)))
            store.settle()
            held.removeAll()
            withExtendedLifetime(screens) {}
            store.purge()
            return watched ? WeakReference(store) : nil
        }

        // A store that hands work to a thread of its own (a consistency
        // manager's queue) frees there what this thread allocated, which a
        // per-thread balance cannot follow: for it, the store itself must go.
        guard S.design.threading != .anyThreadObservedOnMain else {
            let store = try life(watched: true)
            #expect(store?.object == nil, "the store outlived its last holder")
            return
        }
        // The first life pays for what the runtime caches forever (type
        // metadata, conformance lookups); the second, run entirely on this
        // thread, must free every byte it allocated. The per-thread counters
        // see nothing other threads allocate or free meanwhile.
        _ = try life()
        let start = try ThreadHeapBalance.current()
        _ = try life()
        let outstanding = try ThreadHeapBalance.current().outstanding(since: start)
        #expect(outstanding == 0, "\(outstanding) bytes outlived the store")
    }
}

/// A reference that does not keep its object alive.
private struct WeakReference<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
