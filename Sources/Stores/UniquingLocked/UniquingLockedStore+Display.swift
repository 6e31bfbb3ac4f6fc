import ModelGraph
import StoreInterface
import StoreSupport

// Reading a row from live objects: every field comes from a shared mutable
// object, so every read takes that object's lock. With `.perObject` a row
// takes each object's lock once and never mixes two versions of one object;
// with `.perField` each field is its own acquisition, as atomic properties
// would be, and a row can mix versions.

extension UniquingLockedStore {
    public func display<Sink: RowSink>(_ user: LiveUser, into sink: inout Sink) {
        switch rowLocking {
        case .perObject:
            user.withLock {
                sink.text(user.fields.name)
                sink.text(user.fields.username)
                sink.text(user.fields.avatarURL)
                sink.flag(user.fields.isOnline)
            }
        case .perField:
            sink.text(user.name)
            sink.text(user.username)
            sink.text(user.avatarURL)
            sink.flag(user.isOnline)
        }
    }

    public func display<Sink: RowSink>(_ tag: LiveTag, into sink: inout Sink) {
        sink.text(tag.name)
    }

    public func display<Sink: RowSink>(_ note: LiveNote, into sink: inout Sink) {
        switch rowLocking {
        case .perObject:
            note.lock()
            sink.text(note.fields.title)
            let author = note.authorObject
            let tags = note.tagObjects
            let isPinned = note.fields.isPinned
            let updatedAt = note.fields.updatedAt
            note.unlock()
            author.withLock { sink.text(author.fields.name) }
            for tag in tags {
                tag.withLock { sink.text(tag.fields.name) }
            }
            sink.flag(isPinned)
            sink.number(updatedAt)
        case .perField:
            sink.text(note.title)
            sink.text(note.author.name)
            for tag in note.tags { sink.text(tag.name) }
            sink.flag(note.isPinned)
            sink.number(note.updatedAt)
        }
    }

    public func display<Sink: RowSink>(_ message: LiveMessage, into sink: inout Sink) {
        switch rowLocking {
        case .perObject:
            message.lock()
            let author = message.authorObject
            let text = message.fields.text
            let participantCount = message.participantObjects.count
            let replyCount = message.replyObjects.count
            let sentAt = message.fields.sentAt
            message.unlock()
            author.withLock { sink.text(author.fields.name) }
            sink.text(text)
            sink.number(Int64(participantCount))
            sink.number(Int64(replyCount))
            sink.number(sentAt)
        case .perField:
            sink.text(message.author.name)
            sink.text(message.text)
            sink.number(Int64(message.participants.count))
            sink.number(Int64(message.replies.count))
            sink.number(message.sentAt)
        }
    }

    /// Each message's replies are read under its lock, then displayed after
    /// it, depth first.
    public func display<Sink: RowSink>(thread message: LiveMessage, into sink: inout Sink) {
        var pending = [message]
        while let next = pending.popLast() {
            display(next, into: &sink)
            pending.append(contentsOf: next.replies.reversed())
        }
    }
}
