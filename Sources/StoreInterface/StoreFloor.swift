import ModelGraph

/// The least a store's held-note lookup and note row can cost: the
/// primitives the store's own operations are built from (its lock, its
/// dictionary, its weak loads, its objects' getters), on the store's own
/// tables and objects, with nothing else (no handle built, no thread checked,
/// no object made on a miss).
///
/// Each store defines its floor in its own folder, from the same code its
/// operations run, so a floor does a part of what the operation does and
/// bounds it from below by construction. The driver measures a store's floor
/// in the same case, on the same store and keys, as the operations it bounds.
public protocol StoreFloor<Store> {
    associatedtype Store: ModelStore
    /// What the lookup's primitives find: a value, an object.
    associatedtype Found

    /// What a held lookup is built from, for people: "lock + dictionary hit + note value copy".
    static var lookup: String { get }
    /// What a note's row is built from: "5 objects' fields through references".
    static var row: String { get }

    /// The lookup's primitives for a note a screen holds, on `store`'s
    /// tables as they are.
    static func lookUp(_ id: NoteID, in store: Store) -> Found

    /// The row's primitives for a note in hand, in `RowLayout` order.
    static func display<Sink: RowSink>(_ note: Store.NoteHandle, of store: Store, into sink: inout Sink)
}

/// The two operations a `StoreFloor` bounds, as results name them.
public enum FloorOperation: String, Sendable, CaseIterable {
    case lookup
    case row
}

extension StoreFloor {
    /// What each operation is built from, by operation.
    public static var compositions: [FloorOperation: String] { [.lookup: lookup, .row: row] }
}
