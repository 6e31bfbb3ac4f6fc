import ModelGraph
import StoreInterface

/// The live objects of a uniquing store: one weak table per kind, mapping an
/// id to its object while anyone holds it, objects built from the records on
/// a miss, and brought up to date from the records after each write.
///
/// Not thread-safe: the store guards it (with its lock, or by keeping it to
/// one thread).
public struct LiveObjectTables<Kinds: LiveObjectKinds> {
    @usableFromInline var users: WeakTable<UserID, Kinds.User>
    @usableFromInline var tags: WeakTable<TagID, Kinds.Tag>
    @usableFromInline var notes: WeakTable<NoteID, Kinds.Note>
    @usableFromInline var messages: WeakTable<MessageID, Kinds.Message>
    @usableFromInline let context: Kinds.Context
    /// Objects built from records since the tables were created.
    public private(set) var materialized = 0

    public init(purgePolicy: PurgePolicy, context: Kinds.Context) {
        users = WeakTable(policy: purgePolicy)
        tags = WeakTable(policy: purgePolicy)
        notes = WeakTable(policy: purgePolicy)
        messages = WeakTable(policy: purgePolicy)
        self.context = context
    }

    // MARK: Lookups

    /// The object for `id` if someone holds it: a hash lookup and a weak
    /// load, no record needed. Reads only this table.
    @inlinable public func held(_ id: UserID) -> Kinds.User? { users.object(for: id) }
    @inlinable public func held(_ id: TagID) -> Kinds.Tag? { tags.object(for: id) }
    @inlinable public func held(_ id: NoteID) -> Kinds.Note? { notes.object(for: id) }
    @inlinable public func held(_ id: MessageID) -> Kinds.Message? { messages.object(for: id) }

    /// The live user for `id`: the one already held, or a new one built from
    /// its record and registered in the weak table.
    @inlinable
    public mutating func user(_ id: UserID, in records: NormalizedRecords) -> Kinds.User? {
        if let object = users.object(for: id) { return object }
        return build(id, records)
    }

    @inlinable
    public mutating func tag(_ id: TagID, in records: NormalizedRecords) -> Kinds.Tag? {
        if let object = tags.object(for: id) { return object }
        return build(id, records)
    }

    /// The live note for `id`, with its author and tags live too.
    @inlinable
    public mutating func note(_ id: NoteID, in records: NormalizedRecords) -> Kinds.Note? {
        if let object = notes.object(for: id) { return object }
        return build(id, records)
    }

    /// The live message for `id`, with its author, participants and whole
    /// reply tree live too.
    @inlinable
    public mutating func message(_ id: MessageID, in records: NormalizedRecords) -> Kinds.Message? {
        if let object = messages.object(for: id) { return object }
        return build(id, records)
    }

    // MARK: Building on a miss

    @usableFromInline
    mutating func build(_ id: UserID, _ records: NormalizedRecords) -> Kinds.User? {
        guard let attributes = records.users[id] else { return nil }
        let object = Kinds.User(id: id, attributes: attributes, context: context)
        users.insert(object, for: id)
        materialized += 1
        return object
    }

    @usableFromInline
    mutating func build(_ id: TagID, _ records: NormalizedRecords) -> Kinds.Tag? {
        guard let attributes = records.tags[id] else { return nil }
        let object = Kinds.Tag(id: id, attributes: attributes, context: context)
        tags.insert(object, for: id)
        materialized += 1
        return object
    }

    @usableFromInline
    mutating func build(_ id: NoteID, _ records: NormalizedRecords) -> Kinds.Note? {
        guard let record = records.notes[id] else { return nil }
        let (author, tags) = related(record, records)
        let object = Kinds.Note(id: id, attributes: record.attributes, author: author, tags: tags, context: context)
        notes.insert(object, for: id)
        materialized += 1
        return object
    }

    @usableFromInline
    mutating func build(_ id: MessageID, _ records: NormalizedRecords) -> Kinds.Message? {
        guard let record = records.messages[id] else { return nil }
        let (author, participants, replies) = related(record, records)
        let object = Kinds.Message(
            id: id, attributes: record.attributes, author: author, participants: participants, replies: replies,
            context: context)
        messages.insert(object, for: id)
        materialized += 1
        return object
    }

    private mutating func related(_ record: NoteRecord, _ records: NormalizedRecords) -> (Kinds.User, [Kinds.Tag]) {
        (user(record.author, in: records)!, record.tags.map { tag($0, in: records)! })
    }

    private mutating func related(
        _ record: MessageRecord, _ records: NormalizedRecords
    ) -> (Kinds.User, [Kinds.User], [Kinds.Message]) {
        (
            user(record.author, in: records)!, record.participants.map { user($0, in: records)! },
            record.replies.map { message($0, in: records)! }
        )
    }

    // MARK: After a write

    /// Brings every held object the write changed up to date from the
    /// records, re-resolving relationships where they changed, and marks
    /// the deleted ones. Objects nobody holds are left alone: they are built
    /// from the current records on their next lookup. Returns how many
    /// objects it changed.
    @discardableResult
    public mutating func refresh(_ changes: RecordChanges, from records: NormalizedRecords) -> Int {
        var refreshed = 0
        for model in changes.changed where refresh(model, relinking: changes.relinked.contains(model), records) {
            refreshed += 1
        }
        for model in changes.deleted { remove(model) }
        return refreshed
    }

    /// Brings `model`'s object up to date, if anyone holds it; returns whether it did.
    private mutating func refresh(_ model: ModelRef, relinking: Bool, _ records: NormalizedRecords) -> Bool {
        switch model {
        case .user(let id):
            guard let object = users.object(for: id), let attributes = records.users[id] else { return false }
            object.refresh(attributes)
        case .tag(let id):
            guard let object = tags.object(for: id), let attributes = records.tags[id] else { return false }
            object.refresh(attributes)
        case .note(let id):
            guard let object = notes.object(for: id), let record = records.notes[id] else { return false }
            object.refresh(record.attributes, relinking: relinking ? related(record, records) : nil)
        case .message(let id):
            guard let object = messages.object(for: id), let record = records.messages[id] else { return false }
            object.refresh(record.attributes, relinking: relinking ? related(record, records) : nil)
        }
        return true
    }

    /// Marks a deleted model's object, if anyone holds it, and forgets it.
    private mutating func remove(_ model: ModelRef) {
        switch model {
        case .user(let id):
            users.object(for: id)?.markDeleted()
            users.removeValue(for: id)
        case .tag(let id):
            tags.object(for: id)?.markDeleted()
            tags.removeValue(for: id)
        case .note(let id):
            notes.object(for: id)?.markDeleted()
            notes.removeValue(for: id)
        case .message(let id):
            messages.object(for: id)?.markDeleted()
            messages.removeValue(for: id)
        }
    }

    // MARK: Housekeeping

    /// Live objects. O(table): loads every weak reference.
    @usableFromInline var liveCount: Int { users.liveCount + tags.liveCount + notes.liveCount + messages.liveCount }

    /// Weak-table entries, dead ones included.
    @usableFromInline var entryCount: Int { users.count + tags.count + notes.count + messages.count }

    /// Dead entries purged since the tables were created.
    @usableFromInline var purgedCount: Int { users.purged + tags.purged + notes.purged + messages.purged }

    /// Removes every dead entry; returns how many.
    public mutating func sweep() -> Int {
        users.sweep() + tags.sweep() + notes.sweep() + messages.sweep()
    }

    /// The counts a uniquing store reports, into `counts`.
    public func count(into counts: inout StoreCounts) {
        counts.live = liveCount
        counts.tableEntries = entryCount
        counts.materialized = materialized
        counts.purged = purgedCount
    }
}
