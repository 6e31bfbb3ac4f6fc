import ModelGraph
import StoreInterface

// Merging: each payload updates its record in place and, if the model has a
// live object, that object in place under its lock. Nothing is rebuilt.

extension UniquingTables {
    mutating func merge(_ payload: UserPayload, into write: inout UniquingWrite) {
        if let slot = users.index(forKey: payload.id) {
            guard users.values[slot].merge(payload) else {
                write.summary.unchanged += 1
                return
            }
            if let object = liveUsers.object(for: payload.id) {
                object.withLock { _ = object.fields.merge(payload) }
            }
            write.summary.updated += 1
        } else {
            users[payload.id] = validated { () throws(MergeError) in try UserAttributes(inserting: payload) }
            write.summary.inserted += 1
        }
        write.changed.insert(.user(payload.id))
    }

    mutating func merge(_ payload: TagPayload, into write: inout UniquingWrite) {
        if let slot = tags.index(forKey: payload.id) {
            guard tags.values[slot].merge(payload) else {
                write.summary.unchanged += 1
                return
            }
            if let object = liveTags.object(for: payload.id) {
                object.withLock { _ = object.fields.merge(payload) }
            }
            write.summary.updated += 1
        } else {
            tags[payload.id] = validated { () throws(MergeError) in try TagAttributes(inserting: payload) }
            write.summary.inserted += 1
        }
        write.changed.insert(.tag(payload.id))
    }

    mutating func merge(_ payload: NotePayload, into write: inout UniquingWrite) {
        if let author = payload.author.value { merge(author, into: &write) }
        for tag in payload.tags.value ?? [] { merge(tag, into: &write) }
        let id = payload.id
        guard let slot = notes.index(forKey: id) else {
            let record = NoteRecord(
                attributes: validated { () throws(MergeError) in try NoteAttributes(inserting: payload) },
                author: payload.author.value!.id, tags: payload.tags.value?.map(\.id) ?? [])
            index.link(note: id, author: record.author)
            index.link(note: id, tags: record.tags)
            notes[id] = record
            write.summary.inserted += 1
            write.changed.insert(.note(id))
            return
        }
        let attributesChanged = notes.values[slot].attributes.merge(payload)
        let newAuthor = payload.author.value.map(\.id).flatMap { $0 == notes.values[slot].author ? nil : $0 }
        let newTags = payload.tags.value.flatMap { listed in
            listed.lazy.map(\.id).elementsEqual(notes.values[slot].tags) ? nil : listed.map(\.id)
        }
        guard attributesChanged || newAuthor != nil || newTags != nil else {
            write.summary.unchanged += 1
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
        if let object = liveNotes.object(for: id) {
            // Resolve the new related objects before taking the note's lock.
            let authorObject = newAuthor.map { liveUser($0)! }
            let tagObjects = newTags.map { $0.map { liveTag($0)! } }
            object.withLock {
                _ = object.fields.merge(payload)
                if let authorObject { object.authorObject = authorObject }
                if let tagObjects { object.tagObjects = tagObjects }
            }
        }
        write.summary.updated += 1
        write.changed.insert(.note(id))
    }

    mutating func merge(_ payload: MessagePayload, into write: inout UniquingWrite) {
        if let author = payload.author.value { merge(author, into: &write) }
        for participant in payload.participants.value ?? [] { merge(participant, into: &write) }
        for reply in payload.replies.value ?? [] { merge(reply, into: &write) }
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
                attach(replies, to: id, into: &write)
            }
            write.summary.inserted += 1
            write.changed.insert(.message(id))
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
            write.summary.unchanged += 1
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
        if let object = liveMessages.object(for: id) {
            let authorObject = newAuthor.map { liveUser($0)! }
            let participantObjects = newParticipants.map { $0.map { liveUser($0)! } }
            object.withLock {
                _ = object.fields.merge(payload)
                if let authorObject { object.authorObject = authorObject }
                if let participantObjects { object.participantObjects = participantObjects }
            }
        }
        if let newReplies { attach(newReplies, to: id, into: &write) }
        write.summary.updated += 1
        write.changed.insert(.message(id))
    }

    /// Makes `replies` the replies of `parent`: replies no longer listed
    /// become thread roots, replies moved from another message leave it.
    private mutating func attach(_ replies: [MessageID], to parent: MessageID, into write: inout UniquingWrite) {
        let listed = Set(replies)
        for old in messages[parent]!.replies where !listed.contains(old) {
            index.setParent(of: old, to: nil)
        }
        for reply in replies {
            if let oldParent = index.parent(of: reply), oldParent != parent {
                detachReply(reply, from: oldParent, into: &write)
                write.summary.updated += 1
            }
            index.setParent(of: reply, to: parent)
        }
        messages.updateIfPresent(parent) { $0.replies = replies }
        if let object = liveMessages.object(for: parent) {
            let replyObjects = replies.map { liveMessage($0)! }
            object.withLock { object.replyObjects = replyObjects }
        }
    }

    /// Takes `reply` out of `parent`'s replies: a relationship change of the
    /// parent, whose observers hear about it.
    mutating func detachReply(_ reply: MessageID, from parent: MessageID, into write: inout UniquingWrite) {
        messages.updateIfPresent(parent) { $0.replies.removeAll { $0 == reply } }
        if let object = liveMessages.object(for: parent) {
            object.withLock { object.replyObjects.removeAll { $0.id == reply } }
        }
        write.changed.insert(.message(parent))
    }
}
