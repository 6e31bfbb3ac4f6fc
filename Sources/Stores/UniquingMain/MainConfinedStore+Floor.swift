import ModelGraph
import StoreInterface
import StoreSupport

extension MainConfinedStore {
    /// A held lookup without the fall-back that builds an object on a miss:
    /// the main-thread check every touch of the objects makes, a dictionary
    /// hit and a weak load. A row is the objects' fields, read as the store's
    /// row reads them.
    public enum Floor: StoreFloor {
        public static var lookup: String { "main-thread check + dictionary hit + weak load" }
        public static var row: String { Objects.rowPrimitives }

        public static func lookUp(_ id: NoteID, in store: MainConfinedStore) -> Objects.Note? {
            store.objects.value.tables.held(id)
        }

        public static func display<Sink: RowSink>(
            _ note: Objects.Note, of store: MainConfinedStore, into sink: inout Sink
        ) {
            store.display(note, into: &sink)
        }
    }
}
