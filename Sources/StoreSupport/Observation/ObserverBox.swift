import Instrumentation
import ModelGraph
import StoreInterface
import Synchronization

/// One registered observer: its handler, and where it sits in its registry.
final class ObserverBox<Change: Sendable>: CancellableObserver, @unchecked Sendable {
    // @unchecked: `index` is read and written only under the registry's lock;
    // everything else is immutable or atomic.
    let model: ModelRef
    let handler: @Sendable (Change) -> Void
    private let onCancel: (@Sendable () -> Void)?
    private let active = Atomic<Bool>(true)
    private weak var registry: ObserverRegistry<Change>?
    /// Position in the registry's list for `model`, for O(1) removal.
    var index = 0

    init(
        model: ModelRef, registry: ObserverRegistry<Change>, onCancel: (@Sendable () -> Void)?,
        handler: @escaping @Sendable (Change) -> Void
    ) {
        self.model = model
        self.registry = registry
        self.onCancel = onCancel
        self.handler = handler
    }

    var isActive: Bool { active.load(ordering: .acquiring) }

    func cancel() {
        guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
        registry?.remove(self)
        onCancel?()
    }
}

/// Observers by model, behind their own lock (never held while calling out).
final class ObserverRegistry<Change: Sendable>: @unchecked Sendable {
    // @unchecked: `observers` and `total` are accessed only under `lock`.
    private let lock = InstrumentedLock(site: .observers)
    private var observers: [ModelRef: ContiguousArray<ObserverBox<Change>>] = [:]
    private var total = 0

    func add(
        _ model: ModelRef, onCancel: (@Sendable () -> Void)?, _ handler: @escaping @Sendable (Change) -> Void
    ) -> ObserverBox<Change> {
        let box = ObserverBox(model: model, registry: self, onCancel: onCancel, handler: handler)
        lock.withLock {
            box.index = observers[model, default: []].count
            observers[model, default: []].append(box)
            total += 1
        }
        return box
    }

    func remove(_ box: ObserverBox<Change>) {
        lock.withLock {
            guard let list = observers[box.model], box.index < list.count, list[box.index] === box else { return }
            if list.count == 1 {
                observers[box.model] = nil
            } else {
                // Swap the last observer into the hole: O(1), order is not kept.
                observers[box.model]!.withUnsafeMutableBufferPointer { buffer in
                    let last = buffer[buffer.count - 1]
                    buffer[box.index] = last
                    last.index = box.index
                }
                observers[box.model]!.removeLast()
            }
            total -= 1
        }
    }

    /// Every model's observers at this moment. Shared, not copied: later
    /// registrations do not affect it (they copy the table if it is still held).
    func snapshot() -> [ModelRef: ContiguousArray<ObserverBox<Change>>] {
        lock.withLock { observers }
    }

    var count: Int { lock.withLock { total } }
}
