import ModelGraph
import StoreInterface
import StoreSupport

// Rows on the main thread read plain properties of objects nobody else
// touches: no lock, nothing copied out. Other threads read the records.

extension MainConfinedStore {
    public func display<Sink: RowSink>(_ user: Objects.User, into sink: inout Sink) {
        sink.text(user.name)
        sink.text(user.username)
        sink.text(user.avatarURL)
        sink.flag(user.isOnline)
    }

    public func display<Sink: RowSink>(_ tag: Objects.Tag, into sink: inout Sink) {
        sink.text(tag.name)
    }

    public func display<Sink: RowSink>(_ note: Objects.Note, into sink: inout Sink) {
        sink.text(note.title)
        sink.text(note.author.name)
        for tag in note.tags { sink.text(tag.name) }
        sink.flag(note.isPinned)
        sink.number(note.updatedAt)
    }

    public func display<Sink: RowSink>(_ message: Objects.Message, into sink: inout Sink) {
        sink.text(message.author.name)
        sink.text(message.text)
        sink.number(Int64(message.participants.count))
        sink.number(Int64(message.replies.count))
        sink.number(message.sentAt)
    }

    public func display<Sink: RowSink>(thread message: Objects.Message, into sink: inout Sink) {
        var pending = [message]
        while let next = pending.popLast() {
            display(next, into: &sink)
            pending.append(contentsOf: next.replies.reversed())
        }
    }

    /// On the main thread, a lookup and a row; elsewhere the background
    /// path: the row read from the records under the lock, as a background
    /// context fetches without touching the main context's objects.
    public func readRow<Sink: RowSink>(of model: ModelRef, into sink: inout Sink) -> Bool {
        guard mainQueue.isMainThread else {
            return core.read { $0.records.displayRow(of: model, into: &sink) }
        }
        return lookUpAndDisplay(model, into: &sink)
    }
}
