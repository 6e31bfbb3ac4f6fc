import ModelGraph
import StoreInterface
import StoreSupport

/// `snapshot-embedded`: immutable values, replaced on every change, each
/// parent embedding its children, kept current everywhere at once.
///
/// The store keeps the latest `User`, `Tag`, `Note` and `Message` value of
/// every id. A change builds new values: a partial payload merges into the
/// cached superset, an equal payload is short-circuited, and every parent in
/// the store that embeds a changed child (a note's author or tags, a
/// message's author, participants and replies) is rebuilt and re-announced,
/// up to the thread root, whether anyone holds it or not: Rocket Data's
/// `map` applied eagerly to the whole cache, the upper bound of that design.
/// Deleting a required child deletes its parents. Screens hold values, which
/// never change under them: they swap in the new value their observer is
/// handed.
///
/// Locking: one store lock guards the tables and the index. Lookups hold it
/// for a dictionary hit and a value copy; writes hold it while they validate,
/// merge, rebuild parents and queue notifications. Reading a row from a held
/// value takes no lock at all. Observers run after the lock is released, on
/// the writing thread.
///
/// An upper bound: Rocket Data's children kept consistent through the
/// Model protocol's `map` ("if a child model needs updating, the library
/// will replace it, regenerate a new person model": Rocket Data's
/// documentation, “Models”), applied to every parent in the cache rather
/// than to the trees listeners hold. Pinterest's model cache, which keeps
/// parents as they were built, is `snapshot-notified`.
public final class SnapshotEmbeddedStore: CoreBackedStore, Sendable {
    public let core = StoreCore(EmbeddedTables())

    public static let design = StoreDesign(
        name: "snapshot-embedded", family: .values, threading: .anyThread,
        summary: "immutable values embedding their children; a changed child is rebuilt into every parent "
            + "in the store that embeds it (Rocket Data's map, applied eagerly to the whole cache)",
        modelledOn: "an upper bound of Rocket Data's child consistency (its Model protocol's map: Rocket Data's "
            + "documentation, “Models”) applied to every parent in the cache, not only to listened trees",
        isUpperBound: true)

    public init(configuration: StoreConfiguration = StoreConfiguration()) {}

}
