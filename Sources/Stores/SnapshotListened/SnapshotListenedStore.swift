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
/// - a write commits to the records under the lock and hands the manager the
///   new values, which it takes on its own serial queue; the write returns at
///   once (`updateModel` dispatches and returns);
/// - on that queue the manager finds every listener of a changed model
///   through its listener map (weak; dead entries are kept until a delete
///   prunes them), reads each
///   listener's current tree on the main thread in one `main.sync`, rebuilds
///   every listener's tree with a full map over every node (ten listeners of
///   one thread: ten rebuilds), and hands the results over in one
///   `main.async`, where each listener's observer runs;
/// - observing a model walks the whole tree on the queue to add the listener
///   under every id in it (`addListener(_:recursivelyToChildModels:)`);
/// - equal models short-circuit: a listener whose tree did not change is not
///   told.
///
/// Lookups read the records under the lock and build the value then: the
/// manager holds no model. Observers run on the main thread; `settle()`
/// serves the main queue until everything written has been delivered.
public final class SnapshotListenedStore: CoreBackedStore, @unchecked Sendable {
    // @unchecked: the records are behind `core`'s lock; the manager keeps
    // its listener map on its queue and the listeners' trees on the main thread.
    public let core: StoreCore<ListenedTables>
    let manager: ConsistencyManager
    let mainQueue: MainQueue
    /// Observations not yet ended, for the store's counts.
    private let registrations = Registrations()

    public static let design = StoreDesign(
        name: "snapshot-listened", family: .values, threading: .anyThreadObservedOnMain,
        summary: "immutable trees held by listening screens, kept consistent by a manager on a serial queue: it "
            + "reads every listener's tree on the main thread, rebuilds each with a full map and delivers on the "
            + "main queue (Rocket Data's consistency manager)",
        modelledOn: "Rocket Data's consistency manager (plivesey/ConsistencyManager-iOS, "
            + "ConsistencyManager/ConsistencyManager.swift: a serial OperationQueue, a weak listener map, "
            + "currentModel() read in DispatchQueue.main.sync, updatedModelFromOriginalModel mapping every node, "
            + "one DispatchQueue.main.async per update); models as Rocket Data's documentation (“Models”) "
            + "describes them",
        keepsDeadObservers: true)

    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        mainQueue = configuration.mainQueue
        manager = ConsistencyManager(mainQueue: configuration.mainQueue)
        core = StoreCore(ListenedTables(manager: manager))
    }

    public func observe(_ id: UserID, _ handler: @escaping @Sendable (ModelChange<User>) -> Void) -> ObservationToken {
        listen(.user(id), core.read { $0.value(id) }.map(ListenedModel.user)) { model in
            guard case .user(let user)? = model else { return handler(.deleted) }
            handler(.updated(user))
        }
    }

    public func observe(_ id: TagID, _ handler: @escaping @Sendable (ModelChange<Tag>) -> Void) -> ObservationToken {
        listen(.tag(id), core.read { $0.value(id) }.map(ListenedModel.tag)) { model in
            guard case .tag(let tag)? = model else { return handler(.deleted) }
            handler(.updated(tag))
        }
    }

    public func observe(_ id: NoteID, _ handler: @escaping @Sendable (ModelChange<Note>) -> Void) -> ObservationToken {
        listen(.note(id), core.read { $0.value(id) }.map(ListenedModel.note)) { model in
            guard case .note(let note)? = model else { return handler(.deleted) }
            handler(.updated(note))
        }
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<Message>) -> Void
    ) -> ObservationToken {
        listen(.message(id), core.read { $0.value(id) }.map(ListenedModel.message)) { model in
            guard case .message(let message)? = model else { return handler(.deleted) }
            handler(.updated(message))
        }
    }

    /// A listener holding `current`, added to the manager; the token keeps it alive.
    private func listen(
        _ root: ModelRef, _ current: ListenedModel?, _ deliver: @escaping @Sendable (ListenedModel?) -> Void
    ) -> ObservationToken {
        let listener = Listener(root, current, deliver: deliver)
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
