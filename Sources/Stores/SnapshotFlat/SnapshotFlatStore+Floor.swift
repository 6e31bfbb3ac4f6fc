import ModelGraph
import StoreInterface

extension SnapshotFlatStore {
    /// A lookup is all primitives: a dictionary hit and a copy of the flat
    /// record (no lock: the cache is the main thread's), so its floor is the
    /// store's lookup itself. A row
    /// is the record's fields and its author's and tags' joined through the
    /// cache, as the store's row joins them.
    public enum Floor: StoreFloor {
        public static let lookup = "dictionary hit + flat note copy, no lock"
        public static let row = "flat note + author and tags joined through the cache, no lock"

        public static func lookUp(_ id: NoteID, in store: SnapshotFlatStore) -> FlatNote? {
            store.note(id)
        }

        public static func display<Sink: RowSink>(_ note: FlatNote, of store: SnapshotFlatStore, into sink: inout Sink) {
            store.display(note, into: &sink)
        }
    }
}
