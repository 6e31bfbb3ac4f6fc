import Instrumentation
import StoreSupport

/// What every object of `uniquing-locked` shares: the lock over its fields
/// and its deletion mark.
///
/// The lock is the object's stripe of the store's `StripedLocks`, chosen by
/// kind and id: per-object locking without a mutex allocated per object.
/// Every field read and every write of a live object holds it; the store
/// takes its own lock first when it writes, never the other way round, and
/// no thread holds two objects' locks at once. Since the lock guarantees
/// exclusive access, the fields skip the runtime's exclusivity check.
public class LockedObject: @unchecked Sendable {
    // @unchecked: subclasses' mutable fields and `deleted` are accessed only
    // while holding the object's stripe.
    /// What every object is built with: the store's lock stripes.
    public typealias Context = StripedLocks

    let locks: StripedLocks
    let stripe: Int
    @exclusivity(unchecked) var deleted = false

    init(locks: StripedLocks, key: Int) {
        self.locks = locks
        self.stripe = locks.stripe(for: key)
    }

    @inline(__always)
    final func withLock<R>(_ body: () throws -> R) rethrows -> R {
        locks.lock(stripe: stripe)
        defer { locks.unlock(stripe: stripe) }
        return try body()
    }

    @inline(__always)
    final func lock() { locks.lock(stripe: stripe) }

    @inline(__always)
    final func unlock() { locks.unlock(stripe: stripe) }

    /// Whether the model has been deleted from the store since this object
    /// was handed out. Holders keep the object; it just stops changing.
    public final var isDeleted: Bool { withLock { deleted } }

    public final func markDeleted() { withLock { deleted = true } }

    /// Stripe keys: one id space per kind.
    static func key(kind: Int, id: Int) -> Int { id &* 4 &+ kind }
}
