import ModelGraph
import StoreInterface

// Merging validated payloads into the records, children before the models
// that refer to them, each record changed in place. What changed is reported
// in `RecordChanges` for the store to act on: live objects to refresh, trees
// to rebuild, observers to notify.

extension NormalizedRecords: PayloadMerging {
    public mutating func merge(_ payload: UserPayload, into changes: inout RecordChanges) {
        guard users.upsert(
            payload.id, counting: &changes.summary, merge: { $0.merge(payload) },
            insert: { validated { () throws(MergeError) in try UserAttributes(inserting: payload) } })
        else { return }
        changes.changed.insert(.user(payload.id))
    }

    public mutating func merge(_ payload: TagPayload, into changes: inout RecordChanges) {
        guard tags.upsert(
            payload.id, counting: &changes.summary, merge: { $0.merge(payload) },
            insert: { validated { () throws(MergeError) in try TagAttributes(inserting: payload) } })
        else { return }
        changes.changed.insert(.tag(payload.id))
    }

    public mutating func merge(_ payload: NotePayload, into changes: inout RecordChanges) {
        if let author = payload.author.value { merge(author, into: &changes) }
        for tag in payload.tags.value ?? [] { merge(tag, into: &changes) }
        let id = payload.id
        guard let slot = notes.index(forKey: id) else {
            let record = NoteRecord(
                attributes: validated { () throws(MergeError) in try NoteAttributes(inserting: payload) },
                author: payload.author.value!.id, tags: payload.tags.value?.map(\.id) ?? [])
            index.link(note: id, author: record.author)
            index.link(note: id, tags: record.tags)
            notes[id] = record
            changes.summary.inserted += 1
            changes.changed.insert(.note(id))
            return
        }
        let attributesChanged = notes.values[slot].attributes.merge(payload)
        let newAuthor = payload.author.value.map(\.id).flatMap { $0 == notes.values[slot].author ? nil : $0 }
        let newTags = payload.tags.value.flatMap { listed in
            listed.lazy.map(\.id).elementsEqual(notes.values[slot].tags) ? nil : listed.map(\.id)
        }
        guard attributesChanged || newAuthor != nil || newTags != nil else {
            changes.summary.unchanged += 1
            return
        }
        if let newAuthor {
            index.unlink(note: id, author: notes.values[slot].author)
            index.link(note: id, author: newAuthor)
            notes.values[slot].author = newAuthor
        }
        if let newTags {
            index.unlink(note: id, tags: notes.values[slot].tags)
            index.link(note: id, tags: newTags)
            notes.values[slot].tags = newTags
        }
        if newAuthor != nil || newTags != nil { changes.relinked.insert(.note(id)) }
        changes.summary.updated += 1
        changes.changed.insert(.note(id))
    }

    public mutating func merge(_ payload: MessagePayload, into changes: inout RecordChanges) {
        if let author = payload.author.value { merge(author, into: &changes) }
        for participant in payload.participants.value ?? [] { merge(participant, into: &changes) }
        for reply in payload.replies.value ?? [] { merge(reply, into: &changes) }
        let id = payload.id
        guard let slot = messages.index(forKey: id) else {
            let record = MessageRecord(
                attributes: validated { () throws(MergeError) in try MessageAttributes(inserting: payload) },
                author: payload.author.value!.id, participants: payload.participants.value?.map(\.id) ?? [],
                replies: [])
            index.link(message: id, author: record.author)
            index.link(message: id, participants: record.participants)
            messages[id] = record
            if let replies = payload.replies.value?.map(\.id), !replies.isEmpty {
                attach(replies, to: id, into: &changes)
            }
            changes.summary.inserted += 1
            changes.changed.insert(.message(id))
            return
        }
        let attributesChanged = messages.values[slot].attributes.merge(payload)
        let newAuthor = payload.author.value.map(\.id).flatMap { $0 == messages.values[slot].author ? nil : $0 }
        let newParticipants = payload.participants.value.flatMap { listed in
            listed.lazy.map(\.id).elementsEqual(messages.values[slot].participants) ? nil : listed.map(\.id)
        }
        let newReplies = payload.replies.value.flatMap { listed in
            listed.lazy.map(\.id).elementsEqual(messages.values[slot].replies) ? nil : listed.map(\.id)
        }
        guard attributesChanged || newAuthor != nil || newParticipants != nil || newReplies != nil else {
            changes.summary.unchanged += 1
            return
        }
        if let newAuthor {
            index.unlink(message: id, author: messages.values[slot].author)
            index.link(message: id, author: newAuthor)
            messages.values[slot].author = newAuthor
        }
        if let newParticipants {
            index.unlink(message: id, participants: messages.values[slot].participants)
            index.link(message: id, participants: newParticipants)
            messages.values[slot].participants = newParticipants
        }
        if let newReplies { attach(newReplies, to: id, into: &changes) }
        if newAuthor != nil || newParticipants != nil || newReplies != nil { changes.relinked.insert(.message(id)) }
        changes.summary.updated += 1
        changes.changed.insert(.message(id))
    }

    /// Makes `replies` the replies of `parent`: replies no longer listed
    /// become thread roots, replies moved from another message leave it.
    private mutating func attach(_ replies: [MessageID], to parent: MessageID, into changes: inout RecordChanges) {
        let listed = Set(replies)
        for old in messages[parent]!.replies where !listed.contains(old) {
            index.setParent(of: old, to: nil)
        }
        for reply in replies {
            if let oldParent = index.parent(of: reply), oldParent != parent {
                detach(.reply(reply, from: oldParent), into: &changes)
                changes.summary.updated += 1
            }
            index.setParent(of: reply, to: parent)
        }
        messages.updateIfPresent(parent) { $0.replies = replies }
        changes.relinked.insert(.message(parent))
    }


}
