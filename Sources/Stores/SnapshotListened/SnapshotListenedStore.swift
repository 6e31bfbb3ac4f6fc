import ModelGraph
import StoreInterface
import StoreSupport
import Synchronization

/// `snapshot-listened`: Rocket Data's consistency manager
/// (`plivesey/ConsistencyManager-iOS`), as it runs.
///
/// The app's cache keeps every model normalized (the records, behind the
/// store's lock); screens hold trees of immutable values (a note with its
/// author and tags, a message with its whole thread) and listen to them. The
/// manager (`ConsistencyManager`) keeps consistent what the listeners hold:
///
/// - a write commits to the records under the lock and posts to the manager
///   what an app posts (Rocket Data's data providers call `updateModel` with
///   every model they are given): each model it merged, changed or not, as
///   the complete tree the records now hold, several as one batch; each
///   deleted model with `deleteModel`. The write returns at once;
/// - on its own serial queue the manager walks every posted node, collects
///   the listeners of every id (weak; dead entries kept until a delete
///   prunes them), reads each listener's current tree on the main thread in
///   one `main.sync`, rebuilds every listener's tree with a full map over
///   every node, compares and walks again what changed, and hands the
///   results over in one `main.async`, where each listener's observer runs;
/// - observing a model walks its whole tree on the queue to add the listener
///   under every id in it;
/// - equal models short-circuit: a listener whose tree did not change is not
///   told.
///
/// Lookups read the records under the lock and build the value then: the
/// manager holds no model. Observers run on the main thread; `settle()`
/// serves the main queue until everything written has been delivered.
public final class SnapshotListenedStore: CoreBackedStore, Sendable {
    public let core: StoreCore<ListenedTables>
    let manager: ConsistencyManager
    let mainQueue: MainQueue
    /// Observations not yet ended, for the store's counts.
    private let registrations = Registrations()

    public static let design = StoreDesign(
        name: "snapshot-listened", family: .values, threading: .anyThreadObservedOnMain,
        summary: "immutable trees held by listening screens, kept consistent by a manager on a serial queue: every "
            + "merged model is posted, walked and compared; the manager reads every listener's tree on the main "
            + "thread, rebuilds each with a full map and delivers on the main queue (Rocket Data's consistency "
            + "manager)",
        modelledOn: "Rocket Data's consistency manager (plivesey/ConsistencyManager-iOS, "
            + "ConsistencyManager/ConsistencyManager.swift: a serial OperationQueue, a weak listener map by string "
            + "id, childrenAndListenersForModel walking every posted node with its projection check, "
            + "currentModel() read in DispatchQueue.main.sync, updatedModelFromOriginalModel mapping every node and "
            + "changedSubmodelIdsFromModel walking what changed, one DispatchQueue.main.async per update); models "
            + "as Rocket Data's documentation (“Models”) describes them",
        follows: [.rocketData],
        keepsDeadObservers: true)

    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        mainQueue = configuration.mainQueue
        manager = ConsistencyManager(mainQueue: configuration.mainQueue)
        core = StoreCore(ListenedTables(manager: manager))
    }

    public func observe(_ id: UserID, _ handler: @escaping @Sendable (ModelChange<User>) -> Void) -> ObservationToken {
        listen(ModelRef.user(id).nodeID, core.read { $0.value(id) }) { model in
            guard let user = model as? User else { return handler(.deleted) }
            handler(.updated(user))
        }
    }

    public func observe(_ id: TagID, _ handler: @escaping @Sendable (ModelChange<Tag>) -> Void) -> ObservationToken {
        listen(ModelRef.tag(id).nodeID, core.read { $0.value(id) }) { model in
            guard let tag = model as? Tag else { return handler(.deleted) }
            handler(.updated(tag))
        }
    }

    public func observe(_ id: NoteID, _ handler: @escaping @Sendable (ModelChange<Note>) -> Void) -> ObservationToken {
        listen(ModelRef.note(id).nodeID, core.read { $0.value(id) }) { model in
            guard let note = model as? Note else { return handler(.deleted) }
            handler(.updated(note))
        }
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<Message>) -> Void
    ) -> ObservationToken {
        listen(ModelRef.message(id).nodeID, core.read { $0.value(id) }) { model in
            guard let message = model as? Message else { return handler(.deleted) }
            handler(.updated(message))
        }
    }

    /// A listener holding `current`, added to the manager; the token keeps it alive.
    private func listen(
        _ rootID: String, _ current: (any ListenedNode)?,
        _ deliver: @escaping @Sendable ((any ListenedNode)?) -> Void
    ) -> ObservationToken {
        let listener = Listener(rootID, current, on: mainQueue, deliver: deliver)
        manager.addListener(listener, holding: current)
        return ObservationToken(ListenerRegistration(listener, counting: registrations))
    }

    /// Serves the main queue until the manager has nothing queued, running
    /// or waiting to be delivered: what a screen waits for after a write.
    /// The main thread sleeps meanwhile, as a run loop does, and the manager
    /// wakes it (`main.sync`, a delivery, or the end of its work).
    /// A write cannot count its deliveries (the manager decides them
    /// later): they are counted here.
    @discardableResult
    public func settle() -> Int {
        let before = manager.deliveries.load(ordering: .relaxed)
        mainQueue.serve(until: { manager.isIdle })
        return manager.deliveries.load(ordering: .relaxed) - before
    }

    public var counts: StoreCounts {
        var counts = coreCounts
        counts.observers = registrations.count.load(ordering: .relaxed)
        return counts
    }
}

/// What a token holds: the listener, strongly; dropping it leaves the
/// manager's weak reference to die, skipped by updates and pruned by a delete.
private final class ListenerRegistration: CancellableObserver {
    private let listener: Mutex<Listener?>
    private let registrations: Registrations

    init(_ listener: Listener, counting registrations: Registrations) {
        self.listener = Mutex(listener)
        self.registrations = registrations
        registrations.count.add(1, ordering: .relaxed)
    }

    func cancel() {
        let ended = listener.withLock { listener -> Bool in
            guard let current = listener else { return false }
            current.cancel()
            listener = nil
            return true
        }
        if ended { registrations.count.subtract(1, ordering: .relaxed) }
    }
}

/// How many observations are live.
private final class Registrations: Sendable {
    let count = Atomic<Int>(0)
}
