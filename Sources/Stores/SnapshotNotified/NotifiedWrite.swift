import ModelGraph
import StoreInterface
import StoreSupport

/// What one write to a `SnapshotNotifiedStore` has done so far: its counts,
/// and the models whose cached instance it replaced or removed, in order,
/// each to be posted once.
struct NotifiedWrite: StoreWrite {
    var summary = ChangeSummary()
    var deleted: [ModelRef] = []
    /// Models whose new instance replaced the cached one, first replacement first.
    private(set) var replaced: [ModelRef] = []
    private var replacedSet: Set<ModelRef> = []

    mutating func noteReplaced(_ model: ModelRef) {
        if replacedSet.insert(model).inserted { replaced.append(model) }
    }
}
