import ModelGraph
import StoreInterface

/// What one write to a `UniquingStore` changed.
struct UniquingWrite {
    var summary = ChangeSummary()
    /// Models whose own fields or relationships changed: the ones whose
    /// observers hear about it. Parents of a changed child are not here; they
    /// hold the same live child and need no telling.
    var changed: Set<ModelRef> = []
    var deleted: [ModelRef] = []
}
