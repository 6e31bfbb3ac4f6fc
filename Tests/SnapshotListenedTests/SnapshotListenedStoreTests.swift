import StoreInterface
import StoreTestSupport
import Synchronization
import TestSupport
import Testing

@testable import ModelGraph
@testable import SnapshotListened

/// What Rocket Data's consistency manager does, as `snapshot-listened` must.
@Suite("snapshot-listened: the consistency manager as it runs")
struct SnapshotListenedStoreTests {
    @Test("a write returns before its listeners hear of it; they hear on the main thread once it settles")
    func deliveryIsLaterOnTheMainThread() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let main = MainQueue()
        let store = SnapshotListenedStore(configuration: StoreConfiguration(mainQueue: main))
        try store.merge(graph.fullBatch)
        let heard = Mutex<[Bool]>([])
        let token = store.observe(graph.noteIDs[0]) { _ in heard.withLock { $0.append(main.isMainThread) } }
        store.settle()
        let rename = graph.rename(tag: TagID(1))
        let summary = try store.apply(.tag(rename))
        #expect(summary.notifications == 0)
        #expect(heard.withLock { $0.isEmpty })
        #expect(store.settle() == 1)
        #expect(heard.withLock { $0 } == [true])
        // A lookup reads the records: current at once.
        #expect(store.note(graph.noteIDs[0])?.tags.first?.attributes.name == rename.name.value!)
        withExtendedLifetime(token) {}
    }

    @Test("every listener's tree is rebuilt, ten listeners of one thread ten times")
    func everyListenerRebuilt() throws {
        let shape = GraphShape(
            users: 3, tags: 1, notes: 0, tagsPerNote: 0, threads: 1,
            participantsPerMessage: 0, repliesPerMessage: 2, threadDepth: 3)
        let graph = Fixtures.graph(shape)
        let store = SnapshotListenedStore()
        try store.merge(graph.fullBatch)
        let root = graph.threadRootIDs[0]
        let screens = (0..<10).map { _ in store.screen(showing: root) }
        store.settle()
        let before = store.manager.rebuilds.load(ordering: .relaxed)
        let leaf = MessageID(graph.messages.count)
        try store.apply(.message(MessagePayload(id: leaf, text: .present("edited leaf"))))
        store.settle()
        #expect(store.manager.rebuilds.load(ordering: .relaxed) - before == 10)
        for screen in screens {
            var node = try #require(screen.held)
            while let last = node.replies.last { node = last }
            #expect(node.attributes.text == "edited leaf")
            #expect(screen.updates == 1)
        }
    }

    /// `childrenAndListenersForModel`: "We're not going to prune the
    /// listeners array because of performance reasons"; `deleteModel` prunes.
    @Test("a listener whose screen went away is never told nor rebuilt; updates keep its entry, a delete prunes it")
    func deadListenersAreSkippedThenPruned() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let store = SnapshotListenedStore()
        try store.merge(graph.fullBatch)
        let tag = ModelRef.tag(TagID(1))
        var screens: [Screen<Note>]? = graph.noteIDs.prefix(3).map { store.screen(showing: $0) }
        store.settle()
        try store.apply(.tag(graph.rename(tag: TagID(1))))
        store.settle()
        #expect(screens!.allSatisfy { $0.updates == 1 })
        let rebuilt = store.manager.rebuilds.load(ordering: .relaxed)
        let entries = store.manager.entries(for: tag)
        #expect(entries >= 3)
        screens = nil
        #expect(store.counts.observers == 0)
        try store.apply(.tag(graph.rename(tag: TagID(1))))
        store.settle()
        #expect(store.manager.rebuilds.load(ordering: .relaxed) == rebuilt)
        #expect(store.manager.entries(for: tag) == entries, "an update keeps dead entries")
        store.delete(tag)
        store.settle()
        #expect(store.manager.entries(for: tag) == 0, "a delete prunes them")
    }

    /// The manager skips a listener it already holds by comparing live
    /// listeners (`object === listener`, skipping dead entries, in
    /// `addListener(_:toModel:)`), not the identities of dead ones: a new
    /// listener at a dead one's address (the allocator reuses it at once) is
    /// another listener and must be added.
    @Test("a listener at the address of a dead one is still added, and hears")
    func listenerAtReusedAddressHears() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let store = SnapshotListenedStore()
        try store.merge(graph.fullBatch)
        let tag = TagID(1)
        for attempt in 0..<50 {
            let screen = store.screen(showing: tag)
            store.settle()
            try store.apply(.tag(graph.rename(tag: tag)))
            store.settle()
            #expect(screen.updates == 1, "observation \(attempt) was not told of a change")
            withExtendedLifetime(screen) {}
        }
    }

    /// Rocket Data's data providers post every model they are given; the
    /// manager compares (`isEqualToModel`) and short-circuits.
    @Test("an equal payload is posted and compared with every listener's tree, and no listener is told")
    func equalModelsShortCircuit() throws {
        let graph = Fixtures.graph(Fixtures.sharedTagShape)
        let store = SnapshotListenedStore()
        try store.merge(graph.fullBatch)
        let screen = store.screen(showing: graph.noteIDs[0])
        store.settle()
        let rebuilt = store.manager.rebuilds.load(ordering: .relaxed)
        let same = graph.state.notes[graph.noteIDs[0]]!.attributes
        try store.apply(.note(NotePayload(id: graph.noteIDs[0], title: .present(same.title))))
        store.settle()
        #expect(
            store.manager.rebuilds.load(ordering: .relaxed) == rebuilt + 1, "the manager compared the listener's tree")
        #expect(screen.updates == 0)
    }

    /// `childrenAndListenersForModel` walks every node of the posted model,
    /// embedded users included, and compares projections for an id it met.
    @Test("an update walks every posted node and compares the projection of each id it meets again")
    func projectionsChecked() throws {
        // One user writes a thread of three messages: the posted thread
        // meets that user three times.
        let shape = GraphShape(
            users: 1, tags: 1, notes: 0, tagsPerNote: 0, threads: 1,
            participantsPerMessage: 0, repliesPerMessage: 2, threadDepth: 1)
        var graph = Fixtures.graph(shape)
        let store = SnapshotListenedStore()
        try store.merge(graph.fullBatch)
        store.settle()
        let before = store.manager.projectionChecks.load(ordering: .relaxed)
        try store.apply(.message(graph.editThread(root: graph.threadRootIDs[0])))
        store.settle()
        #expect(store.manager.projectionChecks.load(ordering: .relaxed) - before == 2)
    }

    @Test("a write from another thread reaches the listeners on the main thread while it serves its queue")
    func writeFromAnotherThread() throws {
        var graph = Fixtures.graph(Fixtures.sharedTagShape)
        let main = MainQueue()
        let store = SnapshotListenedStore(configuration: StoreConfiguration(mainQueue: main))
        try store.merge(graph.fullBatch)
        let screen = store.screen(showing: graph.noteIDs[0])
        store.settle()
        let rename = graph.rename(tag: TagID(1))
        runOnThreads(1, whileWaiting: { main.drain() }) { _ in _ = try? store.apply(.tag(rename)) }
        store.settle()
        #expect(screen.held?.tags.first?.attributes.name == rename.name.value!)
    }
}
