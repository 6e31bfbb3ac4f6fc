import ModelGraph
import StoreInterface

extension SnapshotEmbeddedStore {
    /// A lookup is all primitives: the store's lock, a dictionary hit and a
    /// copy of the note value with its author and tags, so its floor is the
    /// store's lookup itself. A row reads the fields of the value in hand.
    public enum Floor: StoreFloor {
        public static let lookup = "lock + dictionary hit + note value copy"
        public static let row = "fields of a value in hand"

        public static func lookUp(_ id: NoteID, in store: SnapshotEmbeddedStore) -> Note? {
            store.note(id)
        }

        public static func display<Sink: RowSink>(_ note: Note, of store: SnapshotEmbeddedStore, into sink: inout Sink)
        {
            RowLayout.display(note, into: &sink)
        }
    }
}
