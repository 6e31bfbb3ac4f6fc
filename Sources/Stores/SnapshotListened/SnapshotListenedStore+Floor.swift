import ModelGraph
import StoreInterface

extension SnapshotListenedStore {
    /// A lookup is what the store's is: the store's lock, the note's record,
    /// its author's and its tags', and the note value built from them (the
    /// manager holds no model to hand out). A row reads the fields of the
    /// value in hand.
    public struct Floor: StoreFloor {
        public static let lookup = "lock + note, author and tag records + note value built"
        public static let row = "fields of a value in hand"

        private let store: SnapshotListenedStore

        public init(_ store: SnapshotListenedStore) {
            self.store = store
        }

        public func lookUp(_ id: NoteID) -> Note? {
            store.core.read { $0.records.note(id) }
        }

        public func display<Sink: RowSink>(_ note: Note, into sink: inout Sink) {
            RowLayout.display(note, into: &sink)
        }
    }
}
