import ModelGraph
import StoreInterface

extension SnapshotFlatStore {
    /// A lookup is a dictionary hit and a copy of the flat record, not
    /// wrapped as a handle (no lock: the cache is the main thread's). A row
    /// is the record's fields and its author's and tags' joined through the
    /// cache, as the store's row joins them.
    public struct Floor: StoreFloor {
        public static let lookup = "dictionary hit + flat note copy, no lock"
        public static let row = "flat note + author and tags joined through the cache, no lock"

        private let store: SnapshotFlatStore

        public init(_ store: SnapshotFlatStore) {
            self.store = store
        }

        public func lookUp(_ id: NoteID) -> NoteRecord? {
            store.core.read { $0.records.notes[id] }
        }

        public func display<Sink: RowSink>(_ note: FlatNote, into sink: inout Sink) {
            store.display(note, into: &sink)
        }
    }
}
