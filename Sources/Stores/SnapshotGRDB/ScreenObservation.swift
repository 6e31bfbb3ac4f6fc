import ModelGraph
import StoreInterface
import Synchronization

/// One screen observing one model through the store's observer: it hears
/// each value fetched after it joined, on the main thread, until cancelled.
final class ScreenObservation: CancellableObserver {
    let model: ModelRef
    private let observer: DatabaseChangeObserver
    private let handler: @Sendable (ObservedValue?) -> Void
    /// The deliveries made before the screen joined, which it does not hear.
    private let skipped = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)

    init(_ model: ModelRef, observer: DatabaseChangeObserver, handler: @escaping @Sendable (ObservedValue?) -> Void) {
        self.model = model
        self.observer = observer
        self.handler = handler
    }

    /// Called by the observer as the screen joins, `deliveries` made so far.
    func joined(after deliveries: Int) {
        skipped.store(deliveries, ordering: .relaxed)
    }

    /// On the main thread: delivery number `delivery` brings `value`.
    func receive(_ value: ObservedValue?, delivery: Int) {
        guard delivery > skipped.load(ordering: .relaxed), !cancelled.load(ordering: .relaxed) else { return }
        handler(value)
        observer.ledger.delivered.add(1, ordering: .relaxed)
    }

    func cancel() {
        guard !cancelled.exchange(true, ordering: .relaxed) else { return }
        observer.leave(self)
    }
}
