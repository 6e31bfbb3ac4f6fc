import Foundation
import ModelGraph
import StoreInterface

/// A lookup that a store whose handles belong to its main thread
/// (`StoreThreading.mainThread`) forbids: a fresh store, loaded on the main
/// thread, asked for a user from another thread. Such a store traps, in a
/// release build too, rather than hand the other thread a live object the
/// main thread changes; `bench touch-off-main` runs this in a child process
/// of CI's release build and expects it to die.
enum OffMainLookup {
    /// Returns only if the lookup came back instead of trapping.
    static func run<Store: ModelStore>(_ type: Store.Type) throws {
        let store = Store(configuration: StoreConfiguration())
        let graph = try GeneratedGraph(
            shape: GraphShape(users: 2, tags: 1, notes: 0, tagsPerNote: 0, threads: 0, participantsPerMessage: 0),
            seed: 1)
        try store.merge(graph.fullBatch)
        store.finishSetUp()
        let finished = DispatchSemaphore(value: 0)
        let lookup = Thread {
            consume(store.user(UserID(1)))
            finished.signal()
        }
        lookup.start()
        finished.wait()
    }
}
