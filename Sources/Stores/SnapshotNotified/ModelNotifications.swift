import Foundation
import ModelGraph
import StoreInterface
import Synchronization

/// Pinterest's notification manager on Foundation's own `NotificationCenter`:
/// one notification name per class and id, block observers, each update
/// posting the cached instance.
///
/// - "We now use a NSNotificationCenter-based system to notify objects that a
///   model they care about has been updated"; an observer "listens for
///   updated models with the name + unique identifier" of its model, through
///   "the block-based NSNotificationCenter API" (Wendy Lu, 2016).
/// - The article names no queue, so blocks are added with none: Foundation
///   calls them on the posting thread (swift-foundation
///   `Sources/FoundationEssentials/NotificationCenter/NotificationCenter.swift`:
///   `_post` collects the name's observers under one `Mutex`, boxes the
///   message and calls each block after unlocking, lines 118–145).
/// - A center of the store's own: Pinterest posts on the default center;
///   the costs are the same, and stores in one process stay apart.
final class ModelNotifications: Sendable {
    private let center = NotificationCenter()
    private let counts = NotificationCounts()

    /// Blocks called so far, across every post: a write reads it before and
    /// after posting, under its lock, to count the calls it made.
    var handlerCalls: Int { counts.calls.load(ordering: .relaxed) }
    /// Blocks registered and not yet removed.
    var observerCount: Int { counts.observers.load(ordering: .relaxed) }

    /// The name an observer of `model` listens for.
    static func name(_ model: ModelRef) -> Notification.Name {
        Notification.Name("updated " + CachedModel.key(model))
    }

    /// Calls `handler` with each instance posted for `model`, and with nil
    /// when it is deleted, until the token goes away.
    func observe(_ model: ModelRef, _ handler: @escaping @Sendable (CachedModel?) -> Void) -> ObservationToken {
        let counts = counts
        let observer = center.addObserver(forName: Self.name(model), object: nil, queue: nil) { notification in
            counts.calls.add(1, ordering: .relaxed)
            handler(notification.object as? CachedModel)
        }
        counts.observers.add(1, ordering: .relaxed)
        return ObservationToken(NotificationObserver(center: center, observer: observer, counts: counts))
    }

    /// `postModelUpdatedNotificationWithObject:`: posts `instance`, the cache's
    /// most recent one, to the observers of `model`; nil for a deletion.
    func post(_ model: ModelRef, _ instance: CachedModel?) {
        center.post(name: Self.name(model), object: instance)
    }
}

/// One block observer, removed from its center when its token goes away, as
/// Pinterest's notification manager removes its observers in `dealloc`.
private final class NotificationObserver: CancellableObserver {
    private let center: NotificationCenter
    // nonisolated(unsafe): the token is only handed back to the center,
    // whose registrar is behind its own lock.
    nonisolated(unsafe) private let observer: any NSObjectProtocol
    private let counts: NotificationCounts
    private let removed = Atomic(false)

    init(center: NotificationCenter, observer: any NSObjectProtocol, counts: NotificationCounts) {
        self.center = center
        self.observer = observer
        self.counts = counts
    }

    /// Removes the block once; calling it again does nothing.
    func cancel() {
        guard !removed.exchange(true, ordering: .relaxed) else { return }
        center.removeObserver(observer)
        counts.observers.subtract(1, ordering: .relaxed)
    }
}

/// What the observers' blocks and tokens count, shared without holding
/// their center.
private final class NotificationCounts: Sendable {
    let calls = Atomic<Int>(0)
    let observers = Atomic<Int>(0)
}
