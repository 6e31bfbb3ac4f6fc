import ModelGraph
import StoreInterface

/// Observers by model id, and ordered delivery of changes to them: the one
/// notification mechanism every store uses, so designs differ only in what
/// they notify and when.
///
/// A write collects its notifications into a `PendingNotifications` while
/// holding the store's state lock, hands them over with `enqueue(_:)` before
/// unlocking, and calls `deliver()` after unlocking. `onCancel`, when given,
/// runs once the observation ends, outside the registry's lock: a store that
/// keeps its own listener map learns there that a listener went away.
@usableFromInline final class ChangeNotifier<User: Sendable, Tag: Sendable, Note: Sendable, Message: Sendable>: Sendable
{
    public typealias Change = GraphChange<User, Tag, Note, Message>

    private let registry = ObserverRegistry<Change>()
    private let queue = NotificationQueue<Change>()

    public init() {}

    public func observe(
        _ id: UserID, onCancel: (@Sendable () -> Void)? = nil,
        _ handler: @escaping @Sendable (ModelChange<User>) -> Void
    ) -> ObservationToken {
        ObservationToken(
            registry.add(.user(id), onCancel: onCancel) { if case .user(let change) = $0 { handler(change) } })
    }

    public func observe(
        _ id: TagID, onCancel: (@Sendable () -> Void)? = nil, _ handler: @escaping @Sendable (ModelChange<Tag>) -> Void
    ) -> ObservationToken {
        ObservationToken(
            registry.add(.tag(id), onCancel: onCancel) { if case .tag(let change) = $0 { handler(change) } })
    }

    public func observe(
        _ id: NoteID, onCancel: (@Sendable () -> Void)? = nil,
        _ handler: @escaping @Sendable (ModelChange<Note>) -> Void
    ) -> ObservationToken {
        ObservationToken(
            registry.add(.note(id), onCancel: onCancel) { if case .note(let change) = $0 { handler(change) } })
    }

    public func observe(
        _ id: MessageID, onCancel: (@Sendable () -> Void)? = nil,
        _ handler: @escaping @Sendable (ModelChange<Message>) -> Void
    ) -> ObservationToken {
        ObservationToken(
            registry.add(.message(id), onCancel: onCancel) { if case .message(let change) = $0 { handler(change) } })
    }

    /// Registered observers, across all models.
    @usableFromInline var observerCount: Int { registry.count }

    /// Starts collecting one write's notifications. Call while holding the
    /// store's state lock: it reads the observer registry once (one lock, one
    /// retain), so scheduling each change costs a hash lookup and no lock.
    /// Observers registered before the write began are all included.
    @usableFromInline func beginWrite() -> PendingNotifications<Change> {
        PendingNotifications(observers: registry.snapshot())
    }

    /// Queues a write's notifications. Call while still holding the state lock.
    public func enqueue(_ pending: PendingNotifications<Change>) {
        queue.enqueue(pending.deliveries)
    }

    /// Delivers queued notifications. Call after releasing every store lock.
    public func deliver() {
        queue.drain()
    }
}

/// The notifications one write has collected, not yet queued.
public struct PendingNotifications<Change: Sendable> {
    private let observers: [ModelRef: ContiguousArray<ObserverBox<Change>>]
    var deliveries: [NotificationQueue<Change>.Delivery] = []
    /// Handler calls scheduled (observers summed over changed models).
    public private(set) var handlerCalls = 0

    init(observers: [ModelRef: ContiguousArray<ObserverBox<Change>>]) {
        self.observers = observers
    }

    /// Whether anyone observes `model`.
    @usableFromInline func isObserved(_ model: ModelRef) -> Bool {
        observers[model] != nil
    }

    /// Schedules `change` for the observers of `model`, if it has any.
    ///
    /// `change` is only evaluated when someone observes `model`, so a write
    /// nobody watches builds no event.
    public mutating func schedule(_ model: ModelRef, _ change: @autoclosure () -> Change) {
        guard let list = observers[model] else { return }
        deliveries.append(.init(observers: list, change: change()))
        handlerCalls += list.count
    }
}

extension PendingNotifications {
    /// Schedules the news that `model` was deleted for its observers.
    public mutating func scheduleDeletion<User, Tag, Note, Message>(of model: ModelRef)
    where Change == GraphChange<User, Tag, Note, Message> {
        switch model {
        case .user: schedule(model, .user(.deleted))
        case .tag: schedule(model, .tag(.deleted))
        case .note: schedule(model, .note(.deleted))
        case .message: schedule(model, .message(.deleted))
        }
    }
}
