import Synchronization

/// A fixed number of atomic integers, shared between threads: what an array
/// of `Atomic` would be if `Atomic` could live in an array.
@usableFromInline final class AtomicSlots: Sendable {
    private let slots: [AtomicSlot]

    public init(count: Int) {
        slots = (0..<count).map { _ in AtomicSlot() }
    }

    public var count: Int { slots.count }

    /// The slot's value (acquiring: what was stored before it is visible).
    public subscript(index: Int) -> Int {
        slots[index].value.load(ordering: .acquiring)
    }

    public func store(_ index: Int, _ value: Int) {
        slots[index].value.store(value, ordering: .releasing)
    }

    /// Raises the slot to `value` if it is lower.
    @usableFromInline func raise(_ index: Int, to value: Int) {
        slots[index].value.max(value, ordering: .acquiringAndReleasing)
    }
}

private final class AtomicSlot: Sendable {
    let value = Atomic<Int>(0)
}
