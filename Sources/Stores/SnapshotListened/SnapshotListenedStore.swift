import ModelGraph
import StoreInterface
import StoreSupport

/// `snapshot-listened`: immutable trees, kept current only where someone
/// listens, as Rocket Data's consistency manager keeps the models its data
/// providers hold.
///
/// The store keeps every model normalized (its records) and, for each note
/// or message that has at least one observer (a listener), the tree built
/// from them: the note with its author and tags, the message with its
/// author, participants and whole reply tree. A listener map, as the
/// consistency manager's, says which listened trees embed each model. A write
/// rebuilds exactly the listened trees that embed what it changed and hands
/// them to their listeners; nothing else is rebuilt or touched.
///
/// What a lookup returns is always current: a listened tree is, because every
/// write rebuilds it, and any other note or message is built from the records
/// at its lookup (the rest of the cache is brought up to date lazily, when
/// someone reads it). A screen that only holds a value, without listening,
/// keeps the value it was handed.
///
/// Locking: one store lock guards the records, the trees and the listener
/// map. Observers run after it is released, on the writing thread.
public final class SnapshotListenedStore: CoreBackedStore, @unchecked Sendable {
    // @unchecked: all mutable state is behind `core`'s lock.
    public let core = StoreCore(ListenedTables())

    public static let design = StoreDesign(
        name: "snapshot-listened", family: .values, threading: .anyThread,
        summary: "immutable trees rebuilt only where a listener holds them, found through a listener map; "
            + "other values built from normalized records on lookup (Rocket Data's consistency manager)")

    public init(configuration: StoreConfiguration = StoreConfiguration()) {}


    /// Observing a note makes it listened: its tree is built now and kept
    /// current until the last observer goes.
    public func observe(_ id: NoteID, _ handler: @escaping @Sendable (ModelChange<Note>) -> Void) -> ObservationToken {
        listen(.note(id)) { core.notifier.observe(id, onCancel: $0, handler) }
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<Message>) -> Void
    ) -> ObservationToken {
        listen(.message(id)) { core.notifier.observe(id, onCancel: $0, handler) }
    }

    /// Registers the observer, then the listener; the observation's end
    /// removes the listener.
    private func listen(
        _ root: ModelRef, _ register: (@escaping @Sendable () -> Void) -> ObservationToken
    ) -> ObservationToken {
        let token = register { [weak self] in self?.core.withTables { $0.listeners.remove(root) } }
        core.withTables { $0.listeners.add(root, in: $0.records) }
        return token
    }
}
