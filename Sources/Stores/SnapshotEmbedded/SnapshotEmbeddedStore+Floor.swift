import ModelGraph
import StoreInterface

extension SnapshotEmbeddedStore {
    /// A lookup is all primitives: the store's lock, a dictionary hit and a
    /// copy of the note value with its author and tags. A row reads the
    /// fields of the value in hand.
    public struct Floor: StoreFloor {
        public static let lookup = "lock + dictionary hit + note value copy"
        public static let row = "fields of a value in hand"

        private let store: SnapshotEmbeddedStore

        public init(_ store: SnapshotEmbeddedStore) {
            self.store = store
        }

        public func lookUp(_ id: NoteID) -> Note? {
            store.core.read { $0.notes[id] }
        }

        public func display<Sink: RowSink>(_ note: Note, into sink: inout Sink) {
            RowLayout.display(note, into: &sink)
        }
    }
}
