import ModelGraph
import StoreInterface

/// Where a store keeps each model's own fields and its links by id, one
/// entry per model, beside the reverse index: what merging payloads and
/// detaching a child need of it.
///
/// `NormalizedRecords` keeps the entries in four dictionaries and changes
/// them in place; a flat cache keeps them as its values and replaces a value
/// on each change (snapshot-flat's `FlatTables`). The merge and the
/// cascade's detachments are written once, here, over these primitives, so
/// every store merges a payload the same way whatever it keeps.
public protocol RecordStorage: RecordRows, PayloadMerging, CascadingTables, IndexedDirectory
where Write == RecordChanges {
    var index: ReverseIndex { get set }

    /// Runs `body` on the entry for `id` and keeps what it leaves; nil when
    /// there is none. `body` returns whether it changed the entry, and
    /// changes nothing when it returns false.
    mutating func updateUser(_ id: UserID, _ body: (inout UserAttributes) -> Bool) -> Bool?
    mutating func updateTag(_ id: TagID, _ body: (inout TagAttributes) -> Bool) -> Bool?
    mutating func updateNote(_ id: NoteID, _ body: (inout NoteRecord) -> Bool) -> Bool?
    mutating func updateMessage(_ id: MessageID, _ body: (inout MessageRecord) -> Bool) -> Bool?

    /// Stores the entry of a model that has none.
    mutating func insertUser(_ id: UserID, _ attributes: UserAttributes)
    mutating func insertTag(_ id: TagID, _ attributes: TagAttributes)
    mutating func insertNote(_ id: NoteID, _ record: NoteRecord)
    mutating func insertMessage(_ id: MessageID, _ record: MessageRecord)
}

// Merging validated payloads, children before the models that refer to
// them. What changed is reported in `RecordChanges` for the store to act
// on: live objects to refresh, trees to rebuild, observers to notify.

extension RecordStorage {
    @inlinable
    public mutating func merge(_ payload: UserPayload, into changes: inout RecordChanges) {
        switch updateUser(payload.id, { $0.merge(payload) }) {
        case false?:
            changes.summary.unchanged += 1
            return
        case true?:
            changes.summary.updated += 1
        case nil:
            insertUser(payload.id, validated { () throws(MergeError) in try UserAttributes(inserting: payload) })
            changes.summary.inserted += 1
        }
        changes.changed.insert(.user(payload.id))
    }

    @inlinable
    public mutating func merge(_ payload: TagPayload, into changes: inout RecordChanges) {
        switch updateTag(payload.id, { $0.merge(payload) }) {
        case false?:
            changes.summary.unchanged += 1
            return
        case true?:
            changes.summary.updated += 1
        case nil:
            insertTag(payload.id, validated { () throws(MergeError) in try TagAttributes(inserting: payload) })
            changes.summary.inserted += 1
        }
        changes.changed.insert(.tag(payload.id))
    }

    @inlinable
    public mutating func merge(_ payload: NotePayload, into changes: inout RecordChanges) {
        if let author = payload.author.value { merge(author, into: &changes) }
        for tag in payload.tags.value ?? [] { merge(tag, into: &changes) }
        let id = payload.id
        var oldAuthor: UserID?, oldTags: [TagID]?
        let updated = updateNote(id) { record in
            let attributesChanged = record.attributes.merge(payload)
            let newAuthor = payload.author.value.map(\.id).flatMap { $0 == record.author ? nil : $0 }
            let newTags = payload.tags.value.flatMap { listed in
                listed.lazy.map(\.id).elementsEqual(record.tags) ? nil : listed.map(\.id)
            }
            guard attributesChanged || newAuthor != nil || newTags != nil else { return false }
            if let newAuthor {
                oldAuthor = record.author
                record.author = newAuthor
            }
            if let newTags {
                oldTags = record.tags
                record.tags = newTags
            }
            return true
        }
        switch updated {
        case false?:
            changes.summary.unchanged += 1
            return
        case true?:
            if let oldAuthor {
                index.unlink(note: id, author: oldAuthor)
                index.link(note: id, author: payload.author.value!.id)
            }
            if let oldTags {
                index.unlink(note: id, tags: oldTags)
                index.link(note: id, tags: payload.tags.value!.lazy.map(\.id))
            }
            if oldAuthor != nil || oldTags != nil { changes.relinked.insert(.note(id)) }
            changes.summary.updated += 1
        case nil:
            let record = NoteRecord(
                attributes: validated { () throws(MergeError) in try NoteAttributes(inserting: payload) },
                author: payload.author.value!.id, tags: payload.tags.value?.map(\.id) ?? [])
            index.link(note: id, author: record.author)
            index.link(note: id, tags: record.tags)
            insertNote(id, record)
            changes.summary.inserted += 1
        }
        changes.changed.insert(.note(id))
    }

    @inlinable
    public mutating func merge(_ payload: MessagePayload, into changes: inout RecordChanges) {
        if let author = payload.author.value { merge(author, into: &changes) }
        for participant in payload.participants.value ?? [] { merge(participant, into: &changes) }
        for reply in payload.replies.value ?? [] { merge(reply, into: &changes) }
        let id = payload.id
        var oldAuthor: UserID?, oldParticipants: [UserID]?, newReplies: [MessageID]?
        let updated = updateMessage(id) { record in
            let attributesChanged = record.attributes.merge(payload)
            let newAuthor = payload.author.value.map(\.id).flatMap { $0 == record.author ? nil : $0 }
            let newParticipants = payload.participants.value.flatMap { listed in
                listed.lazy.map(\.id).elementsEqual(record.participants) ? nil : listed.map(\.id)
            }
            newReplies = payload.replies.value.flatMap { listed in
                listed.lazy.map(\.id).elementsEqual(record.replies) ? nil : listed.map(\.id)
            }
            guard attributesChanged || newAuthor != nil || newParticipants != nil || newReplies != nil else {
                return false
            }
            if let newAuthor {
                oldAuthor = record.author
                record.author = newAuthor
            }
            if let newParticipants {
                oldParticipants = record.participants
                record.participants = newParticipants
            }
            return true
        }
        switch updated {
        case false?:
            changes.summary.unchanged += 1
            return
        case true?:
            if let oldAuthor {
                index.unlink(message: id, author: oldAuthor)
                index.link(message: id, author: payload.author.value!.id)
            }
            if let oldParticipants {
                index.unlink(message: id, participants: oldParticipants)
                index.link(message: id, participants: payload.participants.value!.lazy.map(\.id))
            }
            if let newReplies { attach(newReplies, to: id, into: &changes) }
            if oldAuthor != nil || oldParticipants != nil || newReplies != nil { changes.relinked.insert(.message(id)) }
            changes.summary.updated += 1
        case nil:
            let record = MessageRecord(
                attributes: validated { () throws(MergeError) in try MessageAttributes(inserting: payload) },
                author: payload.author.value!.id, participants: payload.participants.value?.map(\.id) ?? [],
                replies: [])
            index.link(message: id, author: record.author)
            index.link(message: id, participants: record.participants)
            insertMessage(id, record)
            if let replies = payload.replies.value?.map(\.id), !replies.isEmpty {
                attach(replies, to: id, into: &changes)
            }
            changes.summary.inserted += 1
        }
        changes.changed.insert(.message(id))
    }

    /// Makes `replies` the replies of `parent`: replies no longer listed
    /// become thread roots, replies moved from another message leave it.
    @inlinable
    mutating func attach(_ replies: [MessageID], to parent: MessageID, into changes: inout RecordChanges) {
        let listed = Set(replies)
        for old in messageRecord(parent)!.replies where !listed.contains(old) {
            index.setParent(of: old, to: nil)
        }
        for reply in replies {
            if let oldParent = index.parent(of: reply), oldParent != parent {
                detach(.reply(reply, from: oldParent), into: &changes)
                changes.summary.updated += 1
            }
            index.setParent(of: reply, to: parent)
        }
        _ = updateMessage(parent) { record in
            record.replies = replies
            return true
        }
        changes.relinked.insert(.message(parent))
    }

    /// A surviving parent loses one child: the child leaves its list and,
    /// for a participant or a tag, the index.
    @inlinable
    public mutating func detach(_ detachment: CascadePlan.Detachment, into changes: inout RecordChanges) {
        switch detachment {
        case .participant(let user, let message):
            _ = updateMessage(message) { record in
                record.participants.removeAll { $0 == user }
                return true
            }
            index.unlink(message: message, participants: [user])
        case .tag(let tag, let note):
            _ = updateNote(note) { record in
                record.tags.removeAll { $0 == tag }
                return true
            }
            index.unlink(note: note, tags: [tag])
        case .reply(let reply, let parent):
            _ = updateMessage(parent) { record in
                record.replies.removeAll { $0 == reply }
                return true
            }
        }
        changes.changed.insert(detachment.parent)
        changes.relinked.insert(detachment.parent)
    }
}
