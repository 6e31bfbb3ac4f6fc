import BenchDriver
import Snapshots
import Uniquing

/// The stores `bench` can run: the one place a store is registered. A third
/// design joins the suite by conforming to `ModelStore` and adding a line.
/// The first store is the baseline of every ratio.
enum StoreCatalog {
    static let all: [StoreRunner] = [
        StoreRunner(UniquingStore.self),
        StoreRunner(SnapshotStore.self),
    ]

    static var names: [String] { all.map(\.name) }
}
