import ModelGraph
import StoreInterface
import StoreSupport

/// The latest snapshot of every model, and the index from children to the
/// parents that embed them. Guarded by the store's lock.
public struct EmbeddedTables: StoreTables, ValueTables, ModelTables {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = Note
    public typealias MessageHandle = Message

    public var users: [UserID: User] = [:]
    public var tags: [TagID: Tag] = [:]
    public var notes: [NoteID: Note] = [:]
    public var messages: [MessageID: Message] = [:]
    public var index = ReverseIndex()

    public func exportState() -> GraphState {
        GraphState(users: users, tags: tags, notes: notes, messages: messages)
    }
}

// MARK: - Merging

// Parents are rebuilt later, in `commit`.
extension EmbeddedTables {
    public mutating func merge(_ payload: UserPayload, into write: inout EmbeddedWrite) {
        guard
            users.upsert(
                payload.id, counting: &write.summary,
                merge: { value in value.merged(with: payload).map { value = $0 } != nil },
                insert: {
                    User(
                        id: payload.id,
                        attributes: validated { () throws(MergeError) in try UserAttributes(inserting: payload) })
                })
        else { return }
        write.changedUsers.insert(payload.id)
    }

    public mutating func merge(_ payload: TagPayload, into write: inout EmbeddedWrite) {
        guard
            tags.upsert(
                payload.id, counting: &write.summary,
                merge: { value in value.merged(with: payload).map { value = $0 } != nil },
                insert: {
                    Tag(
                        id: payload.id,
                        attributes: validated { () throws(MergeError) in try TagAttributes(inserting: payload) })
                })
        else { return }
        write.changedTags.insert(payload.id)
    }

    public mutating func merge(_ payload: NotePayload, into write: inout EmbeddedWrite) {
        if let author = payload.author.value { merge(author, into: &write) }
        for tag in payload.tags.value ?? [] { merge(tag, into: &write) }
        let id = payload.id
        let pending = write.noteDrafts[id]
        guard pending != nil || notes.index(forKey: id) != nil else {
            let tagIDs = payload.tags.value?.map(\.id) ?? []
            let author = payload.author.value!.id
            index.link(note: id, author: author)
            index.link(note: id, tags: tagIDs)
            write.noteDrafts[id] = .init(
                attributes: validated { () throws(MergeError) in try NoteAttributes(inserting: payload) },
                author: author, tags: tagIDs)
            write.summary.inserted += 1
            return
        }
        // Decide whether anything changes before building a draft, so an
        // equal payload allocates nothing.
        let snapshot = pending == nil ? notes[id] : nil
        var attributes = pending?.attributes ?? snapshot!.attributes
        let attributesChanged = attributes.merge(payload)
        let currentAuthor = pending?.author ?? snapshot!.author.id
        let newAuthor = payload.author.value.map(\.id).flatMap { $0 == currentAuthor ? nil : $0 }
        let newTags = payload.tags.value.flatMap { tagPayloads -> [TagID]? in
            let unchanged =
                pending.map { tagPayloads.lazy.map(\.id).elementsEqual($0.tags) }
                ?? tagPayloads.lazy.map(\.id).elementsEqual(snapshot!.tags.lazy.map(\.id))
            return unchanged ? nil : tagPayloads.map(\.id)
        }
        guard attributesChanged || newAuthor != nil || newTags != nil else {
            write.summary.unchanged += 1
            return
        }
        var draft = pending ?? Self.draft(of: snapshot!)
        draft.attributes = attributes
        if let newAuthor {
            index.unlink(note: id, author: draft.author)
            index.link(note: id, author: newAuthor)
            draft.author = newAuthor
        }
        if let newTags {
            index.unlink(note: id, tags: draft.tags)
            index.link(note: id, tags: newTags)
            draft.tags = newTags
        }
        write.noteDrafts[id] = draft
        write.summary.updated += 1
    }

    public mutating func merge(_ payload: MessagePayload, into write: inout EmbeddedWrite) {
        if let author = payload.author.value { merge(author, into: &write) }
        for participant in payload.participants.value ?? [] { merge(participant, into: &write) }
        for reply in payload.replies.value ?? [] { merge(reply, into: &write) }
        let id = payload.id
        let pending = write.messageDrafts[id]
        let isNew = pending == nil && messages.index(forKey: id) == nil
        var draft: EmbeddedWrite.MessageDraft
        if isNew {
            let author = payload.author.value!.id
            index.link(message: id, author: author)
            draft = .init(
                attributes: validated { () throws(MergeError) in try MessageAttributes(inserting: payload) },
                author: author, participants: [], replies: [])
        } else {
            // As for notes: find out whether anything changes first.
            let snapshot = pending == nil ? messages[id] : nil
            var attributes = pending?.attributes ?? snapshot!.attributes
            let attributesChanged = attributes.merge(payload)
            let currentAuthor = pending?.author ?? snapshot!.author.id
            let authorChanged = payload.author.value.map { $0.id != currentAuthor } ?? false
            let participantsChanged =
                payload.participants.value.map { listed in
                    !(pending.map { listed.lazy.map(\.id).elementsEqual($0.participants) }
                        ?? listed.lazy.map(\.id).elementsEqual(snapshot!.participants.lazy.map(\.id)))
                } ?? false
            let repliesChanged =
                payload.replies.value.map { listed in
                    !(pending.map { listed.lazy.map(\.id).elementsEqual($0.replies) }
                        ?? listed.lazy.map(\.id).elementsEqual(snapshot!.replies.lazy.map(\.id)))
                } ?? false
            guard attributesChanged || authorChanged || participantsChanged || repliesChanged else {
                write.summary.unchanged += 1
                return
            }
            draft = pending ?? Self.draft(of: snapshot!)
            draft.attributes = attributes
            if authorChanged, let author = payload.author.value?.id {
                index.unlink(message: id, author: draft.author)
                index.link(message: id, author: author)
                draft.author = author
            }
        }
        if let participants = payload.participants.value,
            !participants.lazy.map(\.id).elementsEqual(draft.participants)
        {
            let userIDs = participants.map(\.id)
            index.unlink(message: id, participants: draft.participants)
            index.link(message: id, participants: userIDs)
            draft.participants = userIDs
        }
        if let replies = payload.replies.value, !replies.lazy.map(\.id).elementsEqual(draft.replies) {
            let replyIDs = replies.map(\.id)
            let listed = Set(replyIDs)
            for old in draft.replies where !listed.contains(old) {
                index.setParent(of: old, to: nil)
            }
            for reply in replyIDs {
                if let oldParent = index.parent(of: reply), oldParent != id {
                    var parentDraft = messageDraft(oldParent, in: write)
                    parentDraft.replies.removeAll { $0 == reply }
                    write.messageDrafts[oldParent] = parentDraft
                    write.summary.updated += 1
                }
                index.setParent(of: reply, to: id)
            }
            draft.replies = replyIDs
        }
        write.messageDrafts[id] = draft
        if isNew {
            write.summary.inserted += 1
        } else {
            write.summary.updated += 1
        }
    }

    private static func draft(of note: Note) -> EmbeddedWrite.NoteDraft {
        .init(attributes: note.attributes, author: note.author.id, tags: note.tags.map(\.id))
    }

    private static func draft(of message: Message) -> EmbeddedWrite.MessageDraft {
        .init(
            attributes: message.attributes, author: message.author.id,
            participants: message.participants.map(\.id), replies: message.replies.map(\.id))
    }

    /// The message as this write has left it so far.
    private func messageDraft(_ id: MessageID, in write: EmbeddedWrite) -> EmbeddedWrite.MessageDraft {
        write.messageDrafts[id] ?? Self.draft(of: messages[id]!)
    }
}

// MARK: - Deleting (the cascade is `CascadingTables.delete`)

extension EmbeddedTables {
    /// A surviving parent gets a draft without its lost child, rebuilt in `commit`.
    public mutating func detach(_ detachment: CascadePlan.Detachment, into write: inout EmbeddedWrite) {
        switch detachment {
        case .participant(let user, let message):
            var draft = messageDraft(message, in: write)
            draft.participants.removeAll { $0 == user }
            write.messageDrafts[message] = draft
            index.unlink(message: message, participants: [user])
        case .tag(let tag, let note):
            var draft = write.noteDrafts[note] ?? Self.draft(of: notes[note]!)
            draft.tags.removeAll { $0 == tag }
            write.noteDrafts[note] = draft
            index.unlink(note: note, tags: [tag])
        case .reply(let reply, let parent):
            var draft = messageDraft(parent, in: write)
            draft.replies.removeAll { $0 == reply }
            write.messageDrafts[parent] = draft
        }
    }

}

// MARK: - Committing

extension EmbeddedTables {
    /// Rebuilds every note and message that embeds something this write
    /// changed, each exactly once, replies before the messages embedding them.
    public mutating func commit(_ write: inout EmbeddedWrite) {
        commitNotes(&write)
        commitMessages(&write)
    }

    private mutating func commitNotes(_ write: inout EmbeddedWrite) {
        var dirty: [NoteID: EmbeddedParts] = [:]
        for id in write.noteDrafts.keys { dirty[id] = .own }
        for user in write.changedUsers {
            for note in index.notesByAuthor[user] ?? [] { dirty.update(note, creating: .author) { $0.insert(.author) } }
        }
        for tag in write.changedTags {
            for note in index.notesByTag[tag] ?? [] { dirty.update(note, creating: .members) { $0.insert(.members) } }
        }
        write.rebuiltNotes.reserveCapacity(dirty.count)
        for (id, parts) in dirty {
            if let draft = write.noteDrafts[id] {
                notes[id] = Note(
                    id: id, attributes: draft.attributes, author: users[draft.author]!,
                    tags: draft.tags.map { tags[$0]! })
            } else {
                let old = notes[id]!
                notes[id] = Note(
                    id: id, attributes: old.attributes,
                    author: parts.contains(.author) ? users[old.author.id]! : old.author,
                    tags: parts.contains(.members) ? old.tags.map { tags[$0.id]! } : old.tags)
                write.summary.propagated += 1
            }
            write.rebuiltNotes.append(id)
        }
    }

    private mutating func commitMessages(_ write: inout EmbeddedWrite) {
        var dirty: [MessageID: EmbeddedParts] = [:]
        for id in write.messageDrafts.keys { dirty[id] = .own }
        for user in write.changedUsers {
            for message in index.messagesByAuthor[user] ?? [] {
                dirty.update(message, creating: .author) { $0.insert(.author) }
            }
            for message in index.messagesByParticipant[user] ?? [] {
                dirty.update(message, creating: .members) { $0.insert(.members) }
            }
        }
        guard !dirty.isEmpty else { return }
        // Every ancestor of a changed message embeds it, so it changes too.
        for id in Array(dirty.keys) {
            var child = id
            while let parent = index.parent(of: child) {
                let alreadyMarked = dirty[parent]?.contains(.replies) ?? false
                dirty.update(parent, creating: .replies) { $0.insert(.replies) }
                if alreadyMarked { break }
                child = parent
            }
        }
        // Deepest first, so a parent embeds replies that are already rebuilt.
        let order = dirty.keys.map { (id: $0, depth: index.depth(of: $0)) }
            .sorted { $0.depth != $1.depth ? $0.depth > $1.depth : $0.id < $1.id }
        write.rebuiltMessages.reserveCapacity(order.count)
        for (id, _) in order {
            let parts = dirty[id]!
            if let draft = write.messageDrafts[id] {
                messages[id] = Message(
                    id: id, attributes: draft.attributes, author: users[draft.author]!,
                    participants: draft.participants.map { users[$0]! },
                    replies: draft.replies.map { messages[$0]! })
            } else {
                let old = messages[id]!
                messages[id] = Message(
                    id: id, attributes: old.attributes,
                    author: parts.contains(.author) ? users[old.author.id]! : old.author,
                    participants: parts.contains(.members) ? old.participants.map { users[$0.id]! } : old.participants,
                    replies: parts.contains(.replies) ? old.replies.map { messages[$0.id]! } : old.replies)
                write.summary.propagated += 1
            }
            write.rebuiltMessages.append(id)
        }
    }
}

// MARK: - Notifying

extension EmbeddedTables {
    @inlinable public func value(_ id: UserID) -> User? { users[id] }
    @inlinable public func value(_ id: TagID) -> Tag? { tags[id] }
    @inlinable public func value(_ id: NoteID) -> Note? { notes[id] }
    @inlinable public func value(_ id: MessageID) -> Message? { messages[id] }

    /// Each change carries the value just stored: the changed models, and
    /// every parent rebuilt around them.
    public mutating func schedule(_ write: EmbeddedWrite, into pending: inout PendingNotifications<Changes>) {
        for id in write.changedUsers { announce(.user(id), into: &pending) }
        for id in write.changedTags { announce(.tag(id), into: &pending) }
        for id in write.rebuiltNotes { announce(.note(id), into: &pending) }
        for id in write.rebuiltMessages { announce(.message(id), into: &pending) }
        for model in write.deleted { pending.scheduleDeletion(of: model) }
    }
}
