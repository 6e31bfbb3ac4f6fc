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

    /// The stores named (every store when none is), in the order given.
    static func select(_ names: [String]) throws(CommandFailure) -> [StoreRunner] {
        guard !names.isEmpty else { return all }
        var selected: [StoreRunner] = []
        for name in names {
            guard let store = all.first(where: { $0.name == name }) else {
                throw .usage("unknown store '\(name)'; use one of: \(self.names.joined(separator: ", "))")
            }
            if !selected.contains(where: { $0.name == name }) { selected.append(store) }
        }
        return selected
    }
}
