import ModelGraph
import StoreInterface

// A store that hands out the model values themselves displays them as
// `RowLayout` says: a held value is read with no lock, as it never changes.

extension ModelStore where UserHandle == User {
    public func display<Sink: RowSink>(_ user: User, into sink: inout Sink) {
        RowLayout.display(user, into: &sink)
    }
}

extension ModelStore where TagHandle == Tag {
    public func display<Sink: RowSink>(_ tag: Tag, into sink: inout Sink) {
        RowLayout.display(tag, into: &sink)
    }
}

extension ModelStore where NoteHandle == Note {
    public func display<Sink: RowSink>(_ note: Note, into sink: inout Sink) {
        RowLayout.display(note, into: &sink)
    }
}

extension ModelStore where MessageHandle == Message {
    public func display<Sink: RowSink>(_ message: Message, into sink: inout Sink) {
        RowLayout.display(message, into: &sink)
    }

    public func display<Sink: RowSink>(thread message: Message, into sink: inout Sink) {
        RowLayout.display(thread: message, into: &sink)
    }
}
