import ModelGraph
import StoreInterface

extension UniquingLockedStore {
    /// A held lookup without the fall-back that builds an object on a miss:
    /// the store's lock, a dictionary hit and a weak load. A row is the five
    /// objects' fields, each read under its object's lock, as the store's row
    /// reads them.
    public enum Floor: StoreFloor {
        public static let lookup = "lock + dictionary hit + weak load"
        public static let row = "5 objects' fields, each under its lock"

        public static func lookUp(_ id: NoteID, in store: UniquingLockedStore) -> LiveNote? {
            store.core.read { $0.objects.held(id) }
        }

        public static func display<Sink: RowSink>(
            _ note: LiveNote, of store: UniquingLockedStore, into sink: inout Sink
        ) {
            store.display(note, into: &sink)
        }
    }
}
