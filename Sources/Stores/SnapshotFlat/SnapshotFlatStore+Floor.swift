import ModelGraph
import StoreInterface

extension SnapshotFlatStore {
    /// A lookup is FlatCache's `get` and nothing else (a key built from the
    /// type's name and the id, a dictionary hit, a cast from `Any`; no lock:
    /// the cache is the main thread's, which the store checks as FlatCache
    /// asserts), so its floor is the lookup itself. A
    /// row is the note's fields and its author and tags got from the cache,
    /// as the store's row gets them.
    public enum Floor: StoreFloor {
        public static let lookup =
            "FlatCache get: a main-thread check, a key from the type's name, a dictionary hit, a cast; no lock"
        public static let row = "flat note + author and tags got from the cache, no lock"

        public static func lookUp(_ id: NoteID, in store: SnapshotFlatStore) -> FlatNote? {
            store.note(id)
        }

        public static func display<Sink: RowSink>(_ note: FlatNote, of store: SnapshotFlatStore, into sink: inout Sink)
        {
            store.display(note, into: &sink)
        }
    }
}
