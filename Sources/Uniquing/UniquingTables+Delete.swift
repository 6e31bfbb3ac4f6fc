import ModelGraph
import StoreInterface

// Deleting removes records, marks live objects deleted (their holders keep
// them, as Core Data keeps a deleted object) and cascades exactly as the
// snapshot store does, so both designs end in the same state.

extension UniquingTables {
    /// Deletes `model` and cascades. A parent that loses a child counts as
    /// updated only if it survives the whole cascade.
    mutating func delete(_ model: ModelRef, into write: inout UniquingWrite) {
        remove(model, into: &write)
        write.summary.updated += write.changed.count { contains($0) }
    }

    private mutating func remove(_ model: ModelRef, into write: inout UniquingWrite) {
        switch model {
        case .user(let id):
            guard users[id] != nil else { return }
            for note in index.notesByAuthor[id] ?? [] { remove(.note(note), into: &write) }
            for message in index.messagesByAuthor[id] ?? [] where messages[message] != nil {
                remove(.message(message), into: &write)
            }
            for message in index.messagesByParticipant[id] ?? [] {
                messages.updateIfPresent(message) { $0.participants.removeAll { $0 == id } }
                index.unlink(message: message, participants: [id])
                if let object = liveMessages.object(for: message) {
                    object.withLock { object.participantObjects.removeAll { $0.id == id } }
                }
                write.changed.insert(.message(message))
            }
            users[id] = nil
            if let object = liveUsers.object(for: id) { object.withLock { object.deleted = true } }
            liveUsers.removeValue(for: id)
        case .tag(let id):
            guard tags[id] != nil else { return }
            for note in index.notesByTag[id] ?? [] {
                notes.updateIfPresent(note) { $0.tags.removeAll { $0 == id } }
                index.unlink(note: note, tags: [id])
                if let object = liveNotes.object(for: note) {
                    object.withLock { object.tagObjects.removeAll { $0.id == id } }
                }
                write.changed.insert(.note(note))
            }
            tags[id] = nil
            if let object = liveTags.object(for: id) { object.withLock { object.deleted = true } }
            liveTags.removeValue(for: id)
        case .note(let id):
            guard let record = notes[id] else { return }
            index.unlink(note: id, author: record.author)
            index.unlink(note: id, tags: record.tags)
            notes[id] = nil
            if let object = liveNotes.object(for: id) { object.withLock { object.deleted = true } }
            liveNotes.removeValue(for: id)
        case .message(let id):
            guard messages[id] != nil else { return }
            if let parent = index.parent(of: id) { detachReply(id, from: parent, into: &write) }
            deleteThread(id, into: &write)
            // `deleteThread` counted and recorded every message itself.
            return
        }
        write.deleted.append(model)
        write.summary.deleted += 1
    }

    /// Deletes a message and every reply below it.
    private mutating func deleteThread(_ root: MessageID, into write: inout UniquingWrite) {
        var pending = [root]
        while let id = pending.popLast() {
            let record = messages[id]!
            pending += record.replies
            index.unlink(message: id, author: record.author)
            index.unlink(message: id, participants: record.participants)
            index.setParent(of: id, to: nil)
            messages[id] = nil
            if let object = liveMessages.object(for: id) { object.withLock { object.deleted = true } }
            liveMessages.removeValue(for: id)
            write.deleted.append(.message(id))
            write.summary.deleted += 1
        }
    }
}
