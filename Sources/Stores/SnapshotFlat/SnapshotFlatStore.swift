import ModelGraph
import StoreInterface
import StoreSupport

/// `snapshot-flat`: immutable values stored flat under their ids, as
/// Pinterest's model cache and GitHawk's FlatCache keep them (and Apollo's
/// and Relay's normalized caches).
///
/// A parent refers to its children by id and embeds none of them, so a
/// change replaces one value and rebuilds nothing: no parent is ever
/// propagated into. A row joins the note's author and tags through the cache
/// when it is displayed, so it always shows the current children; a screen
/// that must redraw when a child changes observes each model it shows (the
/// note, its author, its tags), as Pinterest's views do. Observers are per id.
///
/// Locking: one store lock guards the records; a lookup holds it for a
/// dictionary hit and a flat value copy, a row for its join. Observers run
/// after the lock is released, on the writing thread.
public final class SnapshotFlatStore: CoreBackedStore, @unchecked Sendable {
    // @unchecked: all mutable state is behind `core`'s lock.
    public let core = StoreCore(FlatTables())

    public static let design = StoreDesign(
        name: "snapshot-flat", family: .values, threading: .anyThread,
        summary: "immutable values flat under their ids, children by id, a row joined through the cache when "
            + "displayed, observers per id (Pinterest's model cache, GitHawk's FlatCache)")

    public init(configuration: StoreConfiguration = StoreConfiguration()) {}

}

/// The records, as the cache keeps them. Guarded by the store's lock.
public struct FlatTables: RecordTables, ValueTables {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = FlatNote
    public typealias MessageHandle = FlatMessage

    public var records = NormalizedRecords()

    // Each value as it stands in the cache. Nothing else: a write changes
    // only the records, and tells exactly the models whose records changed.
    // Inlinable so a lookup loads the one dictionary it reads, not all the
    // tables as an argument.
    @inlinable public func value(_ id: UserID) -> User? { records.user(id) }
    @inlinable public func value(_ id: TagID) -> Tag? { records.tag(id) }
    @inlinable public func value(_ id: NoteID) -> FlatNote? { records.notes[id].map { FlatNote(id: id, record: $0) } }
    @inlinable public func value(_ id: MessageID) -> FlatMessage? { records.messages[id].map { FlatMessage(id: id, record: $0) } }
}
