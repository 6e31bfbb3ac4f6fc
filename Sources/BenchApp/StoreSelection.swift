import BenchDriver
import StoreCatalog

/// The stores a command runs: the catalog's, each behind a runner built for
/// its type, or those named with --store.
enum StoreSelection {
    static let all: [StoreRunner] = {
        var collector = StoreRunner.Collector()
        StoreCatalog.visitAll(&collector)
        return collector.runners
    }()

    static var names: [String] { all.map(\.name) }

    /// The stores named (every store when none is), in the order given.
    static func select(_ names: [String]) throws(BenchFailure) -> [StoreRunner] {
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
