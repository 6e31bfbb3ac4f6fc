import ModelGraph
import StoreInterface
import StoreSupport

// A row reads the held value's own fields and joins the children it refers
// to through the cache, on the main thread: it shows the current author and
// tags whatever value the screen holds.

extension SnapshotFlatStore {
    public func display<Sink: RowSink>(_ note: FlatNote, into sink: inout Sink) {
        core.read { $0.records.display(note: note.record, into: &sink) }
    }

    public func display<Sink: RowSink>(_ message: FlatMessage, into sink: inout Sink) {
        core.read { $0.records.display(message: message.record, into: &sink) }
    }

    /// The held message's row, then each reply's thread, joined through the
    /// cache.
    public func display<Sink: RowSink>(thread message: FlatMessage, into sink: inout Sink) {
        core.read { $0.records.display(thread: message.record, into: &sink) }
    }
}
