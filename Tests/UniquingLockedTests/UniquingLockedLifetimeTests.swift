import StoreInterface
import StoreTestSupport
import Synchronization
import TestSupport
import Testing
import UniquingLocked

@testable import ModelGraph

/// What the locked store's weak table keeps once holders on other threads let go.
@Suite("uniquing-locked: the weak table under threads")
struct UniquingLockedLifetimeTests {
    static let shape = Fixtures.stressShape

    @Test("after threads churn through holders, the weak table holds exactly the live objects")
    func weakTableAfterChurn() throws {
        let graph = Fixtures.graph(Self.shape, seed: 5)
        let store = UniquingLockedStore(configuration: StoreConfiguration(purgePolicy: .manual))
        try store.merge(graph.fullBatch)
        let survivors = Mutex<[LiveNote]>([])
        runOnThreads(4) { thread in
            var random = SeededRandom(seed: UInt64(100 + thread))
            var ring = [LiveNote?](repeating: nil, count: 8)
            for step in 0..<3_000 {
                ring[step % ring.count] = store.note(NoteID(1 + random.below(graph.notes.count)))
                if step % 500 == 0 { store.purge() }
            }
            let kept = ring.compactMap { $0 }
            survivors.withLock { $0 += kept }
        }
        var held = survivors.withLock { $0 }
        survivors.withLock { $0.removeAll() }
        // A held note keeps its author and tags alive, and nothing else.
        var alive = Set<ModelRef>()
        for note in held {
            alive.insert(.note(note.id))
            alive.insert(.user(note.author.id))
            for tag in note.tags { alive.insert(.tag(tag.id)) }
        }
        store.purge()
        #expect(store.counts.live == alive.count)
        #expect(store.counts.tableEntries == alive.count)
        #expect(store.counts.materialized > alive.count)

        #expect(!held.isEmpty)
        held.removeAll()
        #expect(store.counts.live == 0)
        store.purge()
        #expect(store.counts.tableEntries == 0)
        #expect(store.counts.purged > 0)
    }
}
