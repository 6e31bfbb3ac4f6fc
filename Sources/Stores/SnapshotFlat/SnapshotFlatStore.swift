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
            + "displayed, observers per id (Pinterest's model cache, GitHawk's FlatCache)",
        lookup: .lockedFlatLookup, row: .joinedRow)

    public init(configuration: StoreConfiguration = StoreConfiguration()) {}

    public func user(_ id: UserID) -> User? { core.read { $0.records.user(id) } }
    public func tag(_ id: TagID) -> Tag? { core.read { $0.records.tag(id) } }
    public func note(_ id: NoteID) -> FlatNote? { core.read { $0.flatNote(id) } }
    public func message(_ id: MessageID) -> FlatMessage? { core.read { $0.flatMessage(id) } }
}

/// The records, as the cache keeps them. Guarded by the store's lock.
public struct FlatTables: RecordTables {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = FlatNote
    public typealias MessageHandle = FlatMessage

    public var records = NormalizedRecords()

    func flatNote(_ id: NoteID) -> FlatNote? {
        records.notes[id].map { FlatNote(id: id, record: $0) }
    }

    func flatMessage(_ id: MessageID) -> FlatMessage? {
        records.messages[id].map { FlatMessage(id: id, record: $0) }
    }

    /// Exactly the models whose own records changed hear about it.
    public func schedule(_ write: RecordChanges, into pending: inout PendingNotifications<Changes>) {
        for model in write.changed {
            switch model {
            case .user(let id): pending.schedule(model, .user(.updated(records.user(id)!)))
            case .tag(let id): pending.schedule(model, .tag(.updated(records.tag(id)!)))
            case .note(let id): pending.schedule(model, .note(.updated(flatNote(id)!)))
            case .message(let id): pending.schedule(model, .message(.updated(flatMessage(id)!)))
            }
        }
        for model in write.deleted { pending.scheduleDeletion(of: model) }
    }
}
