import ModelGraph
import StoreInterface

/// What one write did to `NormalizedRecords`: the counts it reports and the
/// models a store must bring up to date and announce.
public struct RecordChanges: StoreWrite, Sendable {
    public var summary = ChangeSummary()
    /// Models inserted, or whose own fields or relationships changed: the
    /// ones whose observers hear about it. A parent of a changed child is
    /// not here unless its own record changed.
    public var changed: Set<ModelRef> = []
    /// Of `changed`, the notes and messages whose relationships changed
    /// (author, tags, participants or replies): an object representation
    /// must re-resolve them, not just copy fields.
    public var relinked: Set<ModelRef> = []
    /// Models deleted, directly or by cascade, in the order they went.
    public var deleted: [ModelRef] = []

    public init() {}
}
