import Instrumentation
import ModelGraph
import StoreInterface
import Synchronization

/// One registered observer: its handler, and where it sits in its registry.
final class ObserverBox<Change: Sendable>: CancellableObserver, Sendable {
    let model: ModelRef
    let handler: @Sendable (Change) -> Void
    private let onCancel: (@Sendable () -> Void)?
    private let active = Atomic<Bool>(true)
    private weak let registry: ObserverRegistry<Change>?
    /// Read and written under the registry's lock, which orders it: atomic
    /// only so that the box is `Sendable`, relaxed, a plain load or store.
    private let position = Atomic<Int>(0)

    /// Position in the registry's list for `model`, for O(1) removal.
    var index: Int {
        get { position.load(ordering: .relaxed) }
        set { position.store(newValue, ordering: .relaxed) }
    }

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
final class ObserverRegistry<Change: Sendable>: Sendable {
    private struct State {
        var observers: [ModelRef: ContiguousArray<ObserverBox<Change>>] = [:]
        var total = 0
    }

    private let state = InstrumentedLockedValue(State(), site: .observers)

    func add(
        _ model: ModelRef, onCancel: (@Sendable () -> Void)?, _ handler: @escaping @Sendable (Change) -> Void
    ) -> ObserverBox<Change> {
        let box = ObserverBox(model: model, registry: self, onCancel: onCancel, handler: handler)
        state.withLock { state in
            box.index = state.observers[model, default: []].count
            state.observers[model, default: []].append(box)
            state.total += 1
        }
        return box
    }

    func remove(_ box: ObserverBox<Change>) {
        state.withLock { state in
            guard let list = state.observers[box.model], box.index < list.count, list[box.index] === box else {
                return
            }
            if list.count == 1 {
                state.observers[box.model] = nil
            } else {
                // Swap the last observer into the hole: O(1), order is not kept.
                state.observers[box.model]!.withUnsafeMutableBufferPointer { buffer in
                    let last = buffer[buffer.count - 1]
                    buffer[box.index] = last
                    last.index = box.index
                }
                state.observers[box.model]!.removeLast()
            }
            state.total -= 1
        }
    }

    /// Every model's observers at this moment. Shared, not copied: later
    /// registrations do not affect it (they copy the table if it is still held).
    func snapshot() -> [ModelRef: ContiguousArray<ObserverBox<Change>>] {
        state.withLock { $0.observers }
    }

    var count: Int { state.withLock { $0.total } }
}
