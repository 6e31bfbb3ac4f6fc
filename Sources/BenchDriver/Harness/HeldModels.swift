import Foundation
import StoreInterface
import Synchronization

/// What a screen holds: the handles it displays, swapped when its observers
/// are told of a change. For a live-object store the swap hands back the
/// same object; for a value store it is the new value, and a screen that
/// reads between two notifications sees what it was last given.
///
/// The screen's own lock is an `NSLock` (a pthread mutex): outside the
/// stores' measured locks, and visible to ThreadSanitizer.
@usableFromInline final class HeldModels<Handle: Sendable>: @unchecked Sendable {
    // @unchecked: `slots` and `notified` are accessed only under `lock`.
    private let lock = NSLock()
    private var slots: [Handle?]
    /// Slots an observer has written: a lookup made before must not undo it.
    private var notified: [Bool]
    private let updates = Atomic<Int>(0)

    // The slots are written under `lock` from the start: the observers'
    // handlers may run on the thread a store posts from, reached through a
    // registry whose own lock ThreadSanitizer cannot see (Foundation's
    // NotificationCenter, uninstrumented), so the lock must order them.

    public init(_ handles: [Handle?]) {
        slots = []
        notified = []
        lock.withLock {
            slots = handles
            notified = Array(repeating: false, count: handles.count)
        }
    }

    /// Empty slots, to fill once their observers are registered (`fill`).
    public init(count: Int) {
        slots = []
        notified = []
        lock.withLock {
            slots = Array(repeating: nil, count: count)
            notified = Array(repeating: false, count: count)
        }
    }

    public var count: Int { lock.withLock { slots.count } }

    /// Every slot at one instant (one lock, one array retain).
    public var snapshot: [Handle?] { lock.withLock { slots } }

    public subscript(slot: Int) -> Handle? { lock.withLock { slots[slot] } }

    /// Notifications this screen has received.
    @usableFromInline var updateCount: Int { updates.load(ordering: .relaxed) }

    /// Puts what a lookup returned in `slot`, unless an observer has handed
    /// the slot something since it was registered: that is at least as new.
    /// A screen observes first and looks up second, so no write falls
    /// between the two unseen.
    public func fill(_ slot: Int, with handle: Handle?) {
        lock.withLock {
            if !notified[slot] { slots[slot] = handle }
        }
    }

    /// The handler to observe slot `slot`'s model with.
    public func handler(for slot: Int) -> @Sendable (ModelChange<Handle>) -> Void {
        { [weak self] change in
            guard let self else { return }
            self.updates.add(1, ordering: .relaxed)
            self.lock.withLock {
                self.notified[slot] = true
                switch change {
                case .updated(let handle): self.slots[slot] = handle
                case .deleted: self.slots[slot] = nil
                }
            }
        }
    }
}
