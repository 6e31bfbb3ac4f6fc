import ModelGraph
import StoreInterface

extension SnapshotListenedStore {
    /// A held note is a listened tree: the store's lock, a hit in the
    /// listener map and a copy of the tree's note value, without the
    /// fall-back that builds one from the records. A row reads the fields of
    /// the value in hand.
    public struct Floor: StoreFloor {
        public static let lookup = "lock + dictionary hit + note value copy"
        public static let row = "fields of a value in hand"

        private let store: SnapshotListenedStore

        public init(_ store: SnapshotListenedStore) {
            self.store = store
        }

        public func lookUp(_ id: NoteID) -> Note? {
            store.core.read { $0.listeners.notes[id] }
        }

        public func display<Sink: RowSink>(_ note: Note, into sink: inout Sink) {
            RowLayout.display(note, into: &sink)
        }
    }
}
