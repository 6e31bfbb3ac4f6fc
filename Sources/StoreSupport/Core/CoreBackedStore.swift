import ModelGraph
import StoreInterface

/// A store whose writes, observers and state all go through one `StoreCore`:
/// everything of `ModelStore` but its lookups and rows comes from here, so
/// each store writes only what its design does differently.
public protocol CoreBackedStore: ModelStore
where
    UserHandle == Tables.UserHandle, TagHandle == Tables.TagHandle, NoteHandle == Tables.NoteHandle,
    MessageHandle == Tables.MessageHandle
{
    associatedtype Tables: StoreTables
    // The handles are the tables': stated here so a store need not repeat them.
    associatedtype UserHandle = Tables.UserHandle
    associatedtype TagHandle = Tables.TagHandle
    associatedtype NoteHandle = Tables.NoteHandle
    associatedtype MessageHandle = Tables.MessageHandle
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

    public func observe(
        _ id: UserID, _ handler: @escaping @Sendable (ModelChange<UserHandle>) -> Void
    ) -> ObservationToken {
        core.notifier.observe(id, handler)
    }

    public func observe(
        _ id: TagID, _ handler: @escaping @Sendable (ModelChange<TagHandle>) -> Void
    ) -> ObservationToken {
        core.notifier.observe(id, handler)
    }

    public func observe(
        _ id: NoteID, _ handler: @escaping @Sendable (ModelChange<NoteHandle>) -> Void
    ) -> ObservationToken {
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

    public var counts: StoreCounts { coreCounts }

    /// What the core holds: its tables' counts and its observers.
    public var coreCounts: StoreCounts {
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

extension CoreBackedStore where Tables: ValueTables {
    // A lookup reads the tables: a hash lookup and a copy, under the lock.
    public func user(_ id: UserID) -> UserHandle? { core.read { $0.value(id) } }
    public func tag(_ id: TagID) -> TagHandle? { core.read { $0.value(id) } }
    public func note(_ id: NoteID) -> NoteHandle? { core.read { $0.value(id) } }
    public func message(_ id: MessageID) -> MessageHandle? { core.read { $0.value(id) } }
}
