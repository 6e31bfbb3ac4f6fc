import ModelGraph
import StoreInterface
import StoreSupport

/// A response merged into Pinterest's model cache: for each model it
/// carries, the cached instance is read (`ModelCache.object(forKey:)`), the
/// response's fields merged into "a brand new model object", and that model
/// "replaces the existing one in the cache" (Wendy Lu, "Immutable models and
/// data consistency in our iOS App", Pinterest Engineering, 2016).
///
/// A response's nested models (a note's author and tags, a message's
/// author, participants and replies) are merged first, and the parent built
/// from the response embeds the instances they became. A child changed on its
/// own leaves every parent as it was built: the article says nothing of
/// parents then, and the store does nothing.
///
/// The reverse index is not Pinterest's: the article describes no deletion.
/// It serves what the interface asks beyond the article (a delete's cascade,
/// a batch checked before it merges), as in every store here, and only
/// writers read it.
struct ResponseMerger: PayloadMerging, IndexedDirectory, CascadingTables {
    let cache: ModelCache
    var index = ReverseIndex()

    init(cache: ModelCache) {
        self.cache = cache
    }

    // MARK: The directory the validator and the cascade read

    func contains(_ model: ModelRef) -> Bool {
        cache.containsObject(forKey: CachedModel.key(model))
    }

    func replies(of message: MessageID) -> [MessageID] {
        cached(message)?.replies.map(\.id) ?? []
    }

    func cached(_ id: UserID) -> User? { cache.object(forKey: CachedModel.key(.user(id)))?.user }
    func cached(_ id: TagID) -> Tag? { cache.object(forKey: CachedModel.key(.tag(id)))?.tag }
    func cached(_ id: NoteID) -> Note? { cache.object(forKey: CachedModel.key(.note(id)))?.note }
    func cached(_ id: MessageID) -> Message? { cache.object(forKey: CachedModel.key(.message(id)))?.message }

    private func replace(_ model: ModelRef, with value: CachedModel.Value, into write: inout NotifiedWrite) {
        cache.setObject(CachedModel(value), forKey: CachedModel.key(model))
        write.noteReplaced(model)
    }

    // MARK: Merging a response

    mutating func merge(_ payload: UserPayload, into write: inout NotifiedWrite) {
        _ = mergedUser(payload, into: &write)
    }

    mutating func merge(_ payload: TagPayload, into write: inout NotifiedWrite) {
        _ = mergedTag(payload, into: &write)
    }

    mutating func merge(_ payload: NotePayload, into write: inout NotifiedWrite) {
        let author = payload.author.value.map { mergedUser($0, into: &write) }
        let tags = payload.tags.value.map { $0.map { mergedTag($0, into: &write) } }
        let id = payload.id
        guard let cached = cached(id) else {
            let note = Note(
                id: id, attributes: validated { () throws(MergeError) in try NoteAttributes(inserting: payload) },
                author: author!, tags: tags ?? [])
            index.link(note: id, author: note.author.id)
            index.link(note: id, tags: note.tags.map(\.id))
            replace(.note(id), with: .note(note), into: &write)
            write.summary.inserted += 1
            return
        }
        var attributes = cached.attributes
        let attributesChanged = attributes.merge(payload)
        let newAuthor = author.flatMap { $0.id == cached.author.id ? nil : $0.id }
        let newTags = tags.flatMap { listed in
            listed.lazy.map(\.id).elementsEqual(cached.tags.lazy.map(\.id)) ? nil : listed
        }
        let ownChange = attributesChanged || newAuthor != nil || newTags != nil
        // The response's children as it left them: a model built from the
        // response embeds them, though the note's own fields did not change.
        let newerChildren = author.map { $0 != cached.author } == true || tags.map { $0 != cached.tags } == true
        guard ownChange || newerChildren else {
            write.summary.unchanged += 1
            return
        }
        if let newAuthor {
            index.unlink(note: id, author: cached.author.id)
            index.link(note: id, author: newAuthor)
        }
        if let newTags {
            index.unlink(note: id, tags: cached.tags.map(\.id))
            index.link(note: id, tags: newTags.map(\.id))
        }
        if ownChange {
            write.summary.updated += 1
        } else {
            write.summary.unchanged += 1
            write.summary.propagated += 1
        }
        let note = Note(id: id, attributes: attributes, author: author ?? cached.author, tags: tags ?? cached.tags)
        replace(.note(id), with: .note(note), into: &write)
    }

    mutating func merge(_ payload: MessagePayload, into write: inout NotifiedWrite) {
        _ = mergedMessage(payload, into: &write)
    }

    /// The user's instance once `payload` is merged: the cached one when
    /// nothing changed.
    private mutating func mergedUser(_ payload: UserPayload, into write: inout NotifiedWrite) -> User {
        if let cached = cached(payload.id) {
            guard let user = cached.merged(with: payload) else {
                write.summary.unchanged += 1
                return cached
            }
            write.summary.updated += 1
            replace(.user(payload.id), with: .user(user), into: &write)
            return user
        }
        let user = User(
            id: payload.id, attributes: validated { () throws(MergeError) in try UserAttributes(inserting: payload) })
        write.summary.inserted += 1
        replace(.user(payload.id), with: .user(user), into: &write)
        return user
    }

    private mutating func mergedTag(_ payload: TagPayload, into write: inout NotifiedWrite) -> Tag {
        if let cached = cached(payload.id) {
            guard let tag = cached.merged(with: payload) else {
                write.summary.unchanged += 1
                return cached
            }
            write.summary.updated += 1
            replace(.tag(payload.id), with: .tag(tag), into: &write)
            return tag
        }
        let tag = Tag(
            id: payload.id, attributes: validated { () throws(MergeError) in try TagAttributes(inserting: payload) })
        write.summary.inserted += 1
        replace(.tag(payload.id), with: .tag(tag), into: &write)
        return tag
    }
}

// MARK: Messages: a thread's replies merged before the message that lists them

extension ResponseMerger {
    private mutating func mergedMessage(_ payload: MessagePayload, into write: inout NotifiedWrite) -> Message {
        let author = payload.author.value.map { mergedUser($0, into: &write) }
        let participants = payload.participants.value.map { $0.map { mergedUser($0, into: &write) } }
        let replies = payload.replies.value.map { $0.map { mergedMessage($0, into: &write) } }
        let id = payload.id
        // Read after the replies: adopting one may have rebuilt this message.
        guard let cached = cached(id) else {
            let message = Message(
                id: id, attributes: validated { () throws(MergeError) in try MessageAttributes(inserting: payload) },
                author: author!, participants: participants ?? [], replies: replies ?? [])
            index.link(message: id, author: message.author.id)
            index.link(message: id, participants: message.participants.map(\.id))
            replace(.message(id), with: .message(message), into: &write)
            if let replies, !replies.isEmpty { adopt(replies.map(\.id), by: id, leaving: [], into: &write) }
            write.summary.inserted += 1
            return message
        }
        var attributes = cached.attributes
        let attributesChanged = attributes.merge(payload)
        let newAuthor = author.flatMap { $0.id == cached.author.id ? nil : $0.id }
        let newParticipants = participants.flatMap { listed in
            listed.lazy.map(\.id).elementsEqual(cached.participants.lazy.map(\.id)) ? nil : listed
        }
        let newReplies = replies.flatMap { listed in
            listed.lazy.map(\.id).elementsEqual(cached.replies.lazy.map(\.id)) ? nil : listed
        }
        let ownChange = attributesChanged || newAuthor != nil || newParticipants != nil || newReplies != nil
        let newerChildren =
            author.map { $0 != cached.author } == true
            || participants.map { $0 != cached.participants } == true || replies.map { $0 != cached.replies } == true
        guard ownChange || newerChildren else {
            write.summary.unchanged += 1
            return cached
        }
        if let newAuthor {
            index.unlink(message: id, author: cached.author.id)
            index.link(message: id, author: newAuthor)
        }
        if let newParticipants {
            index.unlink(message: id, participants: cached.participants.map(\.id))
            index.link(message: id, participants: newParticipants.map(\.id))
        }
        if ownChange {
            write.summary.updated += 1
        } else {
            write.summary.unchanged += 1
            write.summary.propagated += 1
        }
        let message = Message(
            id: id, attributes: attributes, author: author ?? cached.author,
            participants: participants ?? cached.participants, replies: replies ?? cached.replies)
        replace(.message(id), with: .message(message), into: &write)
        if let newReplies {
            adopt(newReplies.map(\.id), by: id, leaving: cached.replies.map(\.id), into: &write)
        }
        return message
    }

    /// Makes `replies` the replies of `parent`, as every store's records do:
    /// replies it no longer lists become thread roots; a reply moved from
    /// another message leaves it, which is rebuilt without it and counts as
    /// updated.
    private mutating func adopt(
        _ replies: [MessageID], by parent: MessageID, leaving previous: [MessageID], into write: inout NotifiedWrite
    ) {
        let listed = Set(replies)
        for old in previous where !listed.contains(old) { index.setParent(of: old, to: nil) }
        for reply in replies {
            if let oldParent = index.parent(of: reply), oldParent != parent {
                detach(.reply(reply, from: oldParent), into: &write)
                write.summary.updated += 1
            }
            index.setParent(of: reply, to: parent)
        }
    }
}

// MARK: Deleting: the interface's cascade, on the cached instances

extension ResponseMerger {
    /// A surviving parent loses one child: a new instance without it
    /// replaces the cached one.
    mutating func detach(_ detachment: CascadePlan.Detachment, into write: inout NotifiedWrite) {
        switch detachment {
        case .participant(let user, let id):
            guard let message = cached(id) else { return }
            replace(
                .message(id), with: .message(message.with(participants: message.participants.filter { $0.id != user })),
                into: &write)
            index.unlink(message: id, participants: [user])
        case .tag(let tag, let id):
            guard let note = cached(id) else { return }
            let without = Note(
                id: id, attributes: note.attributes, author: note.author, tags: note.tags.filter { $0.id != tag })
            replace(.note(id), with: .note(without), into: &write)
            index.unlink(note: id, tags: [tag])
        case .reply(let reply, let id):
            guard let message = cached(id) else { return }
            replace(
                .message(id), with: .message(message.with(replies: message.replies.filter { $0.id != reply })),
                into: &write)
        }
    }

    /// A deleted model leaves the cache (`removeObjectForKey:`) and the index.
    mutating func removeRecord(_ model: ModelRef) {
        switch model {
        case .user, .tag:
            break
        case .note(let id):
            guard let note = cached(id) else { return }
            index.unlink(note: id, author: note.author.id)
            index.unlink(note: id, tags: note.tags.map(\.id))
        case .message(let id):
            guard let message = cached(id) else { return }
            index.unlink(message: id, author: message.author.id)
            index.unlink(message: id, participants: message.participants.map(\.id))
            index.setParent(of: id, to: nil)
        }
        cache.removeObject(forKey: CachedModel.key(model))
    }
}
