import Instrumentation
import StoreInterface
import Synchronization

/// What a screen holds: the handles it displays, swapped when its observers
/// are told of a change. For a live-object store the swap hands back the
/// same object; for a value store it is the new value, and a screen that
/// reads between two notifications sees what it was last given.
///
/// The screen's own lock is an `NSLock` (a pthread mutex, in a
/// `LockedValue`): outside the stores' counted locks, and visible to
/// ThreadSanitizer.
@usableFromInline final class HeldModels<Handle: Sendable>: Sendable {
    @usableFromInline struct Slots: Sendable {
        var handles: [Handle?]
        /// Slots an observer has written: a lookup made before must not undo it.
        var notified: [Bool]

        init(_ handles: [Handle?]) {
            self.handles = handles
            notified = Array(repeating: false, count: handles.count)
        }
    }

    private let slots: LockedValue<Slots>
    /// Notifications received; also what orders `init`'s writes before a
    /// handler's reads (`publish`).
    private let updates = Atomic<Int>(0)

    public init(_ handles: [Handle?]) {
        slots = LockedValue(Slots(handles))
        publish()
    }

    /// Empty slots, to fill once their observers are registered (`fill`).
    public init(count: Int) {
        slots = LockedValue(Slots(Array(repeating: nil, count: count)))
        publish()
    }

    /// Releases what `init` wrote (the lock, the slots) to the handlers,
    /// which acquire it before they read them. A handler may run on the
    /// thread a store posts from, reached through a registry whose own lock
    /// ThreadSanitizer cannot see (Foundation's NotificationCenter parks on
    /// a futex on Linux), and it reads `slots` before it can take the lock.
    private func publish() {
        updates.store(0, ordering: .releasing)
    }

    public var count: Int { slots.withLock { $0.handles.count } }

    /// Every slot at one instant (one lock, one array retain).
    public var snapshot: [Handle?] { slots.withLock { $0.handles } }

    public subscript(slot: Int) -> Handle? { slots.withLock { $0.handles[slot] } }

    /// Notifications this screen has received.
    @usableFromInline var updateCount: Int { updates.load(ordering: .relaxed) }

    /// Puts what a lookup returned in `slot`, unless an observer has handed
    /// the slot something since it was registered: that is at least as new.
    /// A screen observes first and looks up second, so no write falls
    /// between the two unseen.
    public func fill(_ slot: Int, with handle: Handle?) {
        slots.withLock { slots in
            if !slots.notified[slot] { slots.handles[slot] = handle }
        }
    }

    /// The handler to observe slot `slot`'s model with.
    public func handler(for slot: Int) -> @Sendable (ModelChange<Handle>) -> Void {
        { [weak self] change in
            guard let self else { return }
            self.updates.add(1, ordering: .acquiring)
            self.slots.withLock { slots in
                slots.notified[slot] = true
                switch change {
                case .updated(let handle): slots.handles[slot] = handle
                case .deleted: slots.handles[slot] = nil
                }
            }
        }
    }
}
