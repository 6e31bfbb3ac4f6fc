import Instrumentation
import StoreInterface

/// Delivers notifications in the order writes happened, one delivery at a
/// time, and never while a store lock is held.
///
/// Writers enqueue while still holding their store's state lock, so the
/// queue's order is the order of writes. After unlocking, a writer drains
/// the queue, unless another thread is already draining: then that thread
/// delivers the new entries too, and the writer returns at once. Handlers
/// therefore run one after another, on some writer's thread, and may call
/// back into the store (a write from a handler is delivered after the
/// current one).
final class NotificationQueue<Change: Sendable>: @unchecked Sendable {
    // @unchecked: `pending` and `isDraining` are accessed only under `lock`;
    // `draining` only by the one thread that set `isDraining`.
    struct Delivery {
        let observers: ContiguousArray<ObserverBox<Change>>
        let change: Change
    }

    private let lock = InstrumentedLock(site: .notificationQueue)
    private var pending: [Delivery] = []
    private var isDraining = false
    private var draining: [Delivery] = []

    func enqueue(_ deliveries: [Delivery]) {
        guard !deliveries.isEmpty else { return }
        lock.withLock { pending += deliveries }
    }

    func drain() {
        let mustDrain = lock.withLock {
            if isDraining || pending.isEmpty { return false }
            isDraining = true
            return true
        }
        guard mustDrain else { return }
        while true {
            let hasMore = lock.withLock {
                if pending.isEmpty {
                    isDraining = false
                    return false
                }
                swap(&pending, &draining)
                return true
            }
            guard hasMore else { return }
            for delivery in draining {
                for observer in delivery.observers where observer.isActive {
                    observer.handler(delivery.change)
                }
            }
            draining.removeAll(keepingCapacity: true)
        }
    }
}
