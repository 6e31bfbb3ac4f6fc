import ModelGraph
import StoreSupport
import StoreInterface

extension MainConfinedStore {
    /// A held lookup without the main-thread check or the fall-back that
    /// builds an object on a miss: a dictionary hit and a weak load. A row is
    /// the objects' fields, read as the store's row reads them.
    public struct Floor: StoreFloor {
        public static var lookup: String { "dictionary hit + weak load" }
        public static var row: String { Objects.rowPrimitives }

        private let store: MainConfinedStore

        public init(_ store: MainConfinedStore) {
            self.store = store
        }

        public func lookUp(_ id: NoteID) -> Objects.Note? {
            store.objects.tables.held(id)
        }

        public func display<Sink: RowSink>(_ note: Objects.Note, into sink: inout Sink) {
            store.display(note, into: &sink)
        }
    }
}
