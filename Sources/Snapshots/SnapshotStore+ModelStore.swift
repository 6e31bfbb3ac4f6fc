import ModelGraph
import StoreInterface

extension SnapshotStore: ModelStore {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = Note
    public typealias MessageHandle = Message

    public static var designName: String { "snapshot" }

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

    public func user(_ id: UserID) -> User? { read { $0.users[id] } }
    public func tag(_ id: TagID) -> Tag? { read { $0.tags[id] } }
    public func note(_ id: NoteID) -> Note? { read { $0.notes[id] } }
    public func message(_ id: MessageID) -> Message? { read { $0.messages[id] } }

    public func display<Sink: RowSink>(_ user: User, into sink: inout Sink) {
        RowLayout.display(user, into: &sink)
    }

    public func display<Sink: RowSink>(_ tag: Tag, into sink: inout Sink) {
        RowLayout.display(tag, into: &sink)
    }

    public func display<Sink: RowSink>(_ note: Note, into sink: inout Sink) {
        RowLayout.display(note, into: &sink)
    }

    public func display<Sink: RowSink>(_ message: Message, into sink: inout Sink) {
        RowLayout.display(message, into: &sink)
    }

    public func display<Sink: RowSink>(thread message: Message, into sink: inout Sink) {
        RowLayout.display(thread: message, into: &sink)
    }

    public func observe(_ id: UserID, _ handler: @escaping @Sendable (ModelChange<User>) -> Void) -> ObservationToken {
        notifier.observe(id, handler)
    }

    public func observe(_ id: TagID, _ handler: @escaping @Sendable (ModelChange<Tag>) -> Void) -> ObservationToken {
        notifier.observe(id, handler)
    }

    public func observe(_ id: NoteID, _ handler: @escaping @Sendable (ModelChange<Note>) -> Void) -> ObservationToken {
        notifier.observe(id, handler)
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<Message>) -> Void
    ) -> ObservationToken {
        notifier.observe(id, handler)
    }

    /// Snapshots are held strongly: there is nothing to purge.
    public func purge() -> Int { 0 }

    public var counts: StoreCounts {
        var counts = StoreCounts()
        counts.models = read { $0.modelCount }
        counts.live = counts.models
        counts.observers = notifier.observerCount
        return counts
    }

    public func exportState() -> GraphState {
        read { GraphState(users: $0.users, tags: $0.tags, notes: $0.notes, messages: $0.messages) }
    }
}
