import ModelGraph
import StoreInterface

extension UniquingStore: ModelStore {
    public typealias UserHandle = LiveUser
    public typealias TagHandle = LiveTag
    public typealias NoteHandle = LiveNote
    public typealias MessageHandle = LiveMessage

    public static var designName: String { "uniquing" }

    @discardableResult
    public func merge(_ batch: PayloadBatch) throws(MergeError) -> ChangeSummary {
        try write { (tables, write) throws(MergeError) in
            try BatchValidator.validate(batch, against: tables)
            tables.merge(batch, into: &write)
        }
    }

    @discardableResult
    public func apply(_ patch: ModelPatch) throws(MergeError) -> ChangeSummary {
        try write { (tables, write) throws(MergeError) in
            try BatchValidator.validate(patch, against: tables)
            tables.apply(patch, into: &write)
        }
    }

    @discardableResult
    public func delete(_ model: ModelRef) -> ChangeSummary {
        do {
            return try write { tables, write in tables.delete(model, into: &write) }
        } catch {
            preconditionFailure("deleting cannot fail: \(error)")
        }
    }

    public func user(_ id: UserID) -> LiveUser? { withTables { $0.liveUser(id) } }
    public func tag(_ id: TagID) -> LiveTag? { withTables { $0.liveTag(id) } }
    public func note(_ id: NoteID) -> LiveNote? { withTables { $0.liveNote(id) } }
    public func message(_ id: MessageID) -> LiveMessage? { withTables { $0.liveMessage(id) } }

    public func observe(
        _ id: UserID, _ handler: @escaping @Sendable (ModelChange<LiveUser>) -> Void
    ) -> ObservationToken {
        notifier.observe(id, handler)
    }

    public func observe(
        _ id: TagID, _ handler: @escaping @Sendable (ModelChange<LiveTag>) -> Void
    ) -> ObservationToken {
        notifier.observe(id, handler)
    }

    public func observe(
        _ id: NoteID, _ handler: @escaping @Sendable (ModelChange<LiveNote>) -> Void
    ) -> ObservationToken {
        notifier.observe(id, handler)
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<LiveMessage>) -> Void
    ) -> ObservationToken {
        notifier.observe(id, handler)
    }

    @discardableResult
    public func purge() -> Int {
        withTables { $0.sweep() }
    }

    public var counts: StoreCounts {
        var counts = withTables { tables in
            var counts = StoreCounts()
            counts.models = tables.modelCount
            counts.live = tables.liveObjectCount
            counts.tableEntries = tables.tableEntryCount
            counts.materialized = tables.materialized
            counts.purged = tables.purgedCount
            return counts
        }
        counts.observers = notifier.observerCount
        return counts
    }

    public func exportState() -> GraphState {
        withTables { GraphState(users: $0.users, tags: $0.tags, notes: $0.notes, messages: $0.messages) }
    }
}
