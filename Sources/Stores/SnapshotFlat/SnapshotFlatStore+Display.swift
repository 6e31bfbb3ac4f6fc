import ModelGraph
import StoreInterface
import StoreSupport

// A row reads the held value's own fields and joins the children it refers
// to through the cache, on the main thread, as a GitHawk cell gets each model
// it shows (`cache.get(id:)`, a key built from the type's name every time):
// it shows the current author and tags whatever value the screen holds.

extension SnapshotFlatStore {
    public func display<Sink: RowSink>(_ note: FlatNote, into sink: inout Sink) {
        core.read { $0.cache.display(note: note.record, into: &sink) }
    }

    public func display<Sink: RowSink>(_ message: FlatMessage, into sink: inout Sink) {
        core.read { $0.cache.display(message: message.record, into: &sink) }
    }

    /// The held message's row, then each reply's thread, joined through the
    /// cache.
    public func display<Sink: RowSink>(thread message: FlatMessage, into sink: inout Sink) {
        core.read { $0.cache.display(thread: message.record, into: &sink) }
    }
}

/// A row gets each child it shows from the cache: `get(id:)`, a key built
/// from the type's name every time.
extension FlatCache: RecordRows {
    @inlinable public func userAttributes(_ id: UserID) -> UserAttributes? {
        get(User.self, id: String(id.rawValue))?.attributes
    }

    @inlinable public func tagAttributes(_ id: TagID) -> TagAttributes? {
        get(Tag.self, id: String(id.rawValue))?.attributes
    }

    @inlinable public func noteRecord(_ id: NoteID) -> NoteRecord? {
        get(FlatNote.self, id: String(id.rawValue))?.record
    }

    @inlinable public func messageRecord(_ id: MessageID) -> MessageRecord? {
        get(FlatMessage.self, id: String(id.rawValue))?.record
    }
}
