import ModelGraph
import StoreInterface

extension SnapshotNotifiedStore {
    /// A lookup is PINMemoryCache's `objectForKey:`: the mutex taken twice,
    /// the second time to write the access date; its floor is the first
    /// half, one acquisition and the string key's dictionary hit. A row is
    /// the held value's own fields and the children it embeds, no lock.
    public enum Floor: StoreFloor {
        public static let lookup = "cache mutex + string-key dictionary hit, no access date written, no value copied"
        public static let row = "note value + embedded author and tags, no lock"

        public static func lookUp(_ id: NoteID, in store: SnapshotNotifiedStore) -> Bool? {
            store.cache.containsObject(forKey: CachedModel.key(.note(id))) ? true : nil
        }

        public static func display<Sink: RowSink>(_ note: Note, of store: SnapshotNotifiedStore, into sink: inout Sink)
        {
            RowLayout.display(note, into: &sink)
        }
    }
}
