import ModelGraph
import StoreInterface

/// Records found by id, for rows that join their children where they are
/// displayed: the store's normalized records (a background context's
/// fetch), or a flat cache's values. What a row shows and in what order is
/// written once, here; where the children come from is the conformer's.
public protocol RecordRows {
    func userAttributes(_ id: UserID) -> UserAttributes?
    func tagAttributes(_ id: TagID) -> TagAttributes?
    func noteRecord(_ id: NoteID) -> NoteRecord?
    func messageRecord(_ id: MessageID) -> MessageRecord?
}

// Rows read from records, children joined by id, in `RowLayout` order. A
// child deleted since shows as nothing.

extension RecordRows {
    @inlinable
    public func display<Sink: RowSink>(note record: NoteRecord, into sink: inout Sink) {
        sink.text(record.attributes.title)
        sink.text(userAttributes(record.author)?.name ?? "")
        for tag in record.tags {
            if let attributes = tagAttributes(tag) { sink.text(attributes.name) }
        }
        sink.flag(record.attributes.isPinned)
        sink.number(record.attributes.updatedAt)
    }

    @inlinable
    public func display<Sink: RowSink>(message record: MessageRecord, into sink: inout Sink) {
        sink.text(userAttributes(record.author)?.name ?? "")
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
            pending.append(contentsOf: next.replies.reversed().compactMap { messageRecord($0) })
        }
    }

    /// The current row of `model`; false when there is no such model.
    public func displayRow<Sink: RowSink>(of model: ModelRef, into sink: inout Sink) -> Bool {
        switch model {
        case .user(let id):
            guard let attributes = userAttributes(id) else { return false }
            RowLayout.display(User(id: id, attributes: attributes), into: &sink)
        case .tag(let id):
            guard let attributes = tagAttributes(id) else { return false }
            RowLayout.display(Tag(id: id, attributes: attributes), into: &sink)
        case .note(let id):
            guard let record = noteRecord(id) else { return false }
            display(note: record, into: &sink)
        case .message(let id):
            guard let record = messageRecord(id) else { return false }
            display(message: record, into: &sink)
        }
        return true
    }
}

extension NormalizedRecords: RecordRows {
    @inlinable public func userAttributes(_ id: UserID) -> UserAttributes? { users[id] }
    @inlinable public func tagAttributes(_ id: TagID) -> TagAttributes? { tags[id] }
    @inlinable public func noteRecord(_ id: NoteID) -> NoteRecord? { notes[id] }
    @inlinable public func messageRecord(_ id: MessageID) -> MessageRecord? { messages[id] }
}
