import ModelGraph

/// Observers by model id, and ordered delivery of changes to them: the one
/// notification mechanism every store uses, so designs differ only in what
/// they notify and when.
///
/// A write collects its notifications into a `PendingNotifications` while
/// holding the store's state lock, hands them over with `enqueue(_:)` before
/// unlocking, and calls `deliver()` after unlocking.
public final class ChangeNotifier<User: Sendable, Tag: Sendable, Note: Sendable, Message: Sendable>: Sendable {
    public typealias Change = GraphChange<User, Tag, Note, Message>

    private let registry = ObserverRegistry<Change>()
    private let queue = NotificationQueue<Change>()

    public init() {}

    public func observe(_ id: UserID, _ handler: @escaping @Sendable (ModelChange<User>) -> Void) -> ObservationToken {
        ObservationToken(registry.add(.user(id)) { if case .user(let change) = $0 { handler(change) } })
    }

    public func observe(_ id: TagID, _ handler: @escaping @Sendable (ModelChange<Tag>) -> Void) -> ObservationToken {
        ObservationToken(registry.add(.tag(id)) { if case .tag(let change) = $0 { handler(change) } })
    }

    public func observe(_ id: NoteID, _ handler: @escaping @Sendable (ModelChange<Note>) -> Void) -> ObservationToken {
        ObservationToken(registry.add(.note(id)) { if case .note(let change) = $0 { handler(change) } })
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<Message>) -> Void
    ) -> ObservationToken {
        ObservationToken(registry.add(.message(id)) { if case .message(let change) = $0 { handler(change) } })
    }

    /// Registered observers, across all models.
    public var observerCount: Int { registry.count }

    /// Schedules `change` for the observers of `model`, if it has any.
    ///
    /// `change` is only evaluated when someone observes `model`, so a write
    /// nobody watches builds no event.
    public func schedule(
        _ model: ModelRef, _ change: @autoclosure () -> Change, into pending: inout PendingNotifications<Change>
    ) {
        guard let observers = registry.observers(of: model) else { return }
        pending.deliveries.append(.init(observers: observers, change: change()))
        pending.handlerCalls += observers.count
    }

    /// Schedules the news that `model` was deleted for its observers.
    public func scheduleDeletion(of model: ModelRef, into pending: inout PendingNotifications<Change>) {
        switch model {
        case .user: schedule(model, .user(.deleted), into: &pending)
        case .tag: schedule(model, .tag(.deleted), into: &pending)
        case .note: schedule(model, .note(.deleted), into: &pending)
        case .message: schedule(model, .message(.deleted), into: &pending)
        }
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
    var deliveries: [NotificationQueue<Change>.Delivery] = []
    /// Handler calls scheduled (observers summed over changed models).
    public internal(set) var handlerCalls = 0

    public init() {}
}
