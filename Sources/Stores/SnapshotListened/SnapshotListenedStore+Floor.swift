import ModelGraph
import StoreInterface

extension SnapshotListenedStore {
    /// A lookup is what the store's is: the store's lock, the note's record,
    /// its author's and its tags', and the note value built from them (the
    /// manager holds no model to hand out). A row reads the fields of the
    /// value in hand. Being all primitives, the lookup is its own floor.
    public enum Floor: StoreFloor {
        public static let lookup = "lock + note, author and tag records + note value built"
        public static let row = "fields of a value in hand"

        public static func lookUp(_ id: NoteID, in store: SnapshotListenedStore) -> Note? {
            store.note(id)
        }

        public static func display<Sink: RowSink>(_ note: Note, of store: SnapshotListenedStore, into sink: inout Sink)
        {
            RowLayout.display(note, into: &sink)
        }
    }
}
