import GRDB
import ModelGraph
import StoreInterface

extension SnapshotGRDBStore {
    /// A lookup is a read on the database queue running the note's join and
    /// its tags' query, and building the value; its floor is the queue hop
    /// and the join's one row, nothing built. A row is the held value's
    /// fields, as the store's row reads them.
    public enum Floor: StoreFloor {
        public static let lookup = "DatabaseQueue read + one cached SELECT by primary key stepped once, no value built"
        public static let row = "note value + embedded author and tags, no lock"

        public static func lookUp(_ id: NoteID, in store: SnapshotGRDBStore) -> Bool? {
            store.read { db in try SQLReads.noteRowExists(id, db) ? true : nil }
        }

        public static func display<Sink: RowSink>(_ note: Note, of store: SnapshotGRDBStore, into sink: inout Sink) {
            RowLayout.display(note, into: &sink)
        }
    }
}
