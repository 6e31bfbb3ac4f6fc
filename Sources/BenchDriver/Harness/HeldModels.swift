import Foundation
import StoreInterface
import Synchronization

/// What a screen holds: the handles it displays, swapped when its observers
/// are told of a change. For a uniquing store the swap hands back the same
/// object; for a snapshot store it is the new value, and a screen that
/// reads between two notifications sees what it was last given.
///
/// The screen's own lock is an `NSLock` (a pthread mutex): outside the
/// stores' measured locks, and visible to ThreadSanitizer.
public final class HeldModels<Handle: Sendable>: @unchecked Sendable {
    // @unchecked: `slots` is accessed only under `lock`.
    private let lock = NSLock()
    private var slots: [Handle?]
    private let updates = Atomic<Int>(0)

    public init(_ handles: [Handle?]) {
        slots = handles
    }

    public var count: Int { lock.withLock { slots.count } }

    /// Every slot at one instant (one lock, one array retain).
    public var snapshot: [Handle?] { lock.withLock { slots } }

    public subscript(slot: Int) -> Handle? { lock.withLock { slots[slot] } }

    /// Notifications this screen has received.
    public var updateCount: Int { updates.load(ordering: .relaxed) }

    /// The handler to observe slot `slot`'s model with.
    public func handler(for slot: Int) -> @Sendable (ModelChange<Handle>) -> Void {
        { [weak self] change in
            guard let self else { return }
            self.updates.add(1, ordering: .relaxed)
            self.lock.withLock {
                switch change {
                case .updated(let handle): self.slots[slot] = handle
                case .deleted: self.slots[slot] = nil
                }
            }
        }
    }
}
