import ModelGraph
import StoreInterface

// Rows read from the records, children joined by id, in `RowLayout` order:
// what a flat cache displays, and what a background context fetches. A
// child deleted since shows as nothing.

extension NormalizedRecords {
    public func display<Sink: RowSink>(note record: NoteRecord, into sink: inout Sink) {
        sink.text(record.attributes.title)
        sink.text(users[record.author]?.name ?? "")
        for tag in record.tags {
            if let attributes = tags[tag] { sink.text(attributes.name) }
        }
        sink.flag(record.attributes.isPinned)
        sink.number(record.attributes.updatedAt)
    }

    public func display<Sink: RowSink>(message record: MessageRecord, into sink: inout Sink) {
        sink.text(users[record.author]?.name ?? "")
        sink.text(record.attributes.text)
        sink.number(Int64(record.participants.count))
        sink.number(Int64(record.replies.count))
        sink.number(record.attributes.sentAt)
    }

    /// The message's row, then each reply's thread, depth first.
    public func display<Sink: RowSink>(thread record: MessageRecord, into sink: inout Sink) {
        var pending = [record]
        while let next = pending.popLast() {
            display(message: next, into: &sink)
            pending.append(contentsOf: next.replies.reversed().compactMap { messages[$0] })
        }
    }

    /// The current row of `model`; false when there is no such model.
    public func displayRow<Sink: RowSink>(of model: ModelRef, into sink: inout Sink) -> Bool {
        switch model {
        case .user(let id):
            guard let user = user(id) else { return false }
            RowLayout.display(user, into: &sink)
        case .tag(let id):
            guard let tag = tag(id) else { return false }
            RowLayout.display(tag, into: &sink)
        case .note(let id):
            guard let record = notes[id] else { return false }
            display(note: record, into: &sink)
        case .message(let id):
            guard let record = messages[id] else { return false }
            display(message: record, into: &sink)
        }
        return true
    }
}
