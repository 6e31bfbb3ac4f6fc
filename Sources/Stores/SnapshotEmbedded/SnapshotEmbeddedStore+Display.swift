import ModelGraph
import StoreInterface

// A held value is read with no lock: it never changes.

extension SnapshotEmbeddedStore {
    public func display<Sink: RowSink>(_ user: User, into sink: inout Sink) {
        RowLayout.display(user, into: &sink)
    }

    public func display<Sink: RowSink>(_ tag: Tag, into sink: inout Sink) {
        RowLayout.display(tag, into: &sink)
    }

    public func display<Sink: RowSink>(_ note: Note, into sink: inout Sink) {
        RowLayout.display(note, into: &sink)
    }

    public func display<Sink: RowSink>(_ message: Message, into sink: inout Sink) {
        RowLayout.display(message, into: &sink)
    }

    public func display<Sink: RowSink>(thread message: Message, into sink: inout Sink) {
        RowLayout.display(thread: message, into: &sink)
    }
}
