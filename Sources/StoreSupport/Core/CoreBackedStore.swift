import ModelGraph
import StoreInterface

/// A store whose writes, observers and state all go through one `StoreCore`:
/// everything of `ModelStore` but its lookups and rows comes from here, so
/// each store writes only what its design does differently.
public protocol CoreBackedStore: ModelStore
where UserHandle == Tables.UserHandle, TagHandle == Tables.TagHandle, NoteHandle == Tables.NoteHandle,
      MessageHandle == Tables.MessageHandle {
    associatedtype Tables: StoreTables
    var core: StoreCore<Tables> { get }
}

extension CoreBackedStore {
    @discardableResult
    public func merge(_ batch: PayloadBatch) throws(MergeError) -> ChangeSummary {
        try core.merge(batch)
    }

    @discardableResult
    public func apply(_ patch: ModelPatch) throws(MergeError) -> ChangeSummary {
        try core.apply(patch)
    }

    @discardableResult
    public func delete(_ model: ModelRef) -> ChangeSummary {
        core.delete(model)
    }

    public func observe(_ id: UserID, _ handler: @escaping @Sendable (ModelChange<UserHandle>) -> Void) -> ObservationToken {
        core.notifier.observe(id, handler)
    }

    public func observe(_ id: TagID, _ handler: @escaping @Sendable (ModelChange<TagHandle>) -> Void) -> ObservationToken {
        core.notifier.observe(id, handler)
    }

    public func observe(_ id: NoteID, _ handler: @escaping @Sendable (ModelChange<NoteHandle>) -> Void) -> ObservationToken {
        core.notifier.observe(id, handler)
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<MessageHandle>) -> Void
    ) -> ObservationToken {
        core.notifier.observe(id, handler)
    }

    /// A store without a weak table has nothing to purge.
    @discardableResult
    public func purge() -> Int { 0 }

    public var counts: StoreCounts {
        var counts = core.read { tables in
            var counts = StoreCounts()
            counts.models = tables.modelCount
            tables.count(into: &counts)
            return counts
        }
        counts.observers = core.notifier.observerCount
        return counts
    }

    public func exportState() -> GraphState {
        core.read { $0.exportState() }
    }
}
