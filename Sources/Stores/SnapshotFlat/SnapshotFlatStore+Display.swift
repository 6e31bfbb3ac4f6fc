import ModelGraph
import StoreInterface
import StoreSupport

// A row reads the held value's own fields with no lock, and joins the
// children it refers to through the cache, under the store's lock: it shows
// the current author and tags whatever value the screen holds. A child that
// has been deleted since shows as nothing.

extension SnapshotFlatStore {
    public func display<Sink: RowSink>(_ note: FlatNote, into sink: inout Sink) {
        sink.text(note.record.attributes.title)
        core.read { tables in
            sink.text(tables.records.users[note.record.author]?.name ?? "")
            for tag in note.record.tags {
                if let attributes = tables.records.tags[tag] { sink.text(attributes.name) }
            }
        }
        sink.flag(note.record.attributes.isPinned)
        sink.number(note.record.attributes.updatedAt)
    }

    public func display<Sink: RowSink>(_ message: FlatMessage, into sink: inout Sink) {
        let name = core.read { $0.records.users[message.record.author]?.name ?? "" }
        Self.displayRow(message.record, authorName: name, into: &sink)
    }

    /// The held message's row, then each reply's thread, joined through the
    /// cache under one lock.
    public func display<Sink: RowSink>(thread message: FlatMessage, into sink: inout Sink) {
        core.read { tables in
            var pending = [message.record]
            while let record = pending.popLast() {
                Self.displayRow(record, authorName: tables.records.users[record.author]?.name ?? "", into: &sink)
                pending.append(contentsOf: record.replies.reversed().compactMap { tables.records.messages[$0] })
            }
        }
    }

    private static func displayRow<Sink: RowSink>(_ record: MessageRecord, authorName: String, into sink: inout Sink) {
        sink.text(authorName)
        sink.text(record.attributes.text)
        sink.number(Int64(record.participants.count))
        sink.number(Int64(record.replies.count))
        sink.number(record.attributes.sentAt)
    }
}
