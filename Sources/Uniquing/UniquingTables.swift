import Instrumentation
import ModelGraph
import StoreInterface

/// Design A's state: the stored records (the data, as a persistent store
/// would hold it), the reverse index, and one weak table per kind mapping an
/// id to its live object while anyone holds it. Guarded by `UniquingStore`'s
/// lock; live objects' fields are changed under their own locks, taken after it.
struct UniquingTables: ModelDirectory, PayloadMerging {
    var users: [UserID: UserAttributes] = [:]
    var tags: [TagID: TagAttributes] = [:]
    var notes: [NoteID: NoteRecord] = [:]
    var messages: [MessageID: MessageRecord] = [:]
    var index = ReverseIndex()
    var liveUsers: WeakTable<UserID, LiveUser>
    var liveTags: WeakTable<TagID, LiveTag>
    var liveNotes: WeakTable<NoteID, LiveNote>
    var liveMessages: WeakTable<MessageID, LiveMessage>
    /// Live objects built from records since the store was created.
    private(set) var materialized = 0
    /// The locks over live objects' fields, one stripe per object in effect.
    let objectLocks = StripedLocks(count: 1024, site: .objectFields)

    init(purgePolicy: PurgePolicy) {
        liveUsers = WeakTable(policy: purgePolicy)
        liveTags = WeakTable(policy: purgePolicy)
        liveNotes = WeakTable(policy: purgePolicy)
        liveMessages = WeakTable(policy: purgePolicy)
    }

    var modelCount: Int { users.count + tags.count + notes.count + messages.count }

    func contains(_ model: ModelRef) -> Bool {
        switch model {
        case .user(let id): users.index(forKey: id) != nil
        case .tag(let id): tags.index(forKey: id) != nil
        case .note(let id): notes.index(forKey: id) != nil
        case .message(let id): messages.index(forKey: id) != nil
        }
    }

    func replies(of message: MessageID) -> [MessageID] {
        messages[message]?.replies ?? []
    }
}

// MARK: - Live objects

extension UniquingTables {
    /// The live user for `id`: the one already held, or a new one built from
    /// its record and registered in the weak table (the first weak reference
    /// to an object allocates its side table).
    mutating func liveUser(_ id: UserID) -> LiveUser? {
        if let object = liveUsers.object(for: id) { return object }
        guard let attributes = users[id] else { return nil }
        let object = LiveUser(id: id, attributes: attributes, locks: objectLocks)
        liveUsers.insert(object, for: id)
        materialized += 1
        return object
    }

    mutating func liveTag(_ id: TagID) -> LiveTag? {
        if let object = liveTags.object(for: id) { return object }
        guard let attributes = tags[id] else { return nil }
        let object = LiveTag(id: id, attributes: attributes, locks: objectLocks)
        liveTags.insert(object, for: id)
        materialized += 1
        return object
    }

    /// The live note for `id`, with its author and tags live too.
    mutating func liveNote(_ id: NoteID) -> LiveNote? {
        if let object = liveNotes.object(for: id) { return object }
        guard let record = notes[id] else { return nil }
        let object = LiveNote(
            id: id, attributes: record.attributes, author: liveUser(record.author)!,
            tags: record.tags.map { liveTag($0)! }, locks: objectLocks)
        liveNotes.insert(object, for: id)
        materialized += 1
        return object
    }

    /// The live message for `id`, with its author, participants and the
    /// whole reply tree live too.
    mutating func liveMessage(_ id: MessageID) -> LiveMessage? {
        if let object = liveMessages.object(for: id) { return object }
        guard let record = messages[id] else { return nil }
        let object = LiveMessage(
            id: id, attributes: record.attributes, author: liveUser(record.author)!,
            participants: record.participants.map { liveUser($0)! },
            replies: record.replies.map { liveMessage($0)! }, locks: objectLocks)
        liveMessages.insert(object, for: id)
        materialized += 1
        return object
    }

    var liveObjectCount: Int {
        liveUsers.liveCount + liveTags.liveCount + liveNotes.liveCount + liveMessages.liveCount
    }

    var tableEntryCount: Int {
        liveUsers.count + liveTags.count + liveNotes.count + liveMessages.count
    }

    var purgedCount: Int {
        liveUsers.purged + liveTags.purged + liveNotes.purged + liveMessages.purged
    }

    mutating func sweep() -> Int {
        liveUsers.sweep() + liveTags.sweep() + liveNotes.sweep() + liveMessages.sweep()
    }
}
