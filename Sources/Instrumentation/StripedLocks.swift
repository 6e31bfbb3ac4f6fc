#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed table of instrumented mutexes; a key picks one.
///
/// Gives every object of a store its own lock in effect without a mutex (and
/// an allocation) per object: objects whose keys fall on the same stripe
/// share a mutex. Safe as long as no thread holds two stripes at once.
public final class StripedLocks: @unchecked Sendable {
    // @unchecked: the mutexes are allocated once, never move, and exist to
    // be shared between threads.
    @usableFromInline
    let mutexes: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline
    let mask: Int
    public let site: LockSite

    /// - Parameter count: the number of stripes, rounded up to a power of two.
    public init(count: Int, site: LockSite) {
        var stripes = 1
        while stripes < count { stripes <<= 1 }
        self.mask = stripes - 1
        self.site = site
        self.mutexes = MutexOperations.allocate(count: stripes)
    }

    deinit {
        MutexOperations.deallocate(mutexes, count: mask + 1)
    }

    public var count: Int { mask + 1 }

    /// The stripe for `key`; keys are mixed so dense ids spread evenly.
    @inlinable
    public func stripe(for key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    @inlinable
    public func lock(stripe: Int) {
        MutexOperations.lock(mutexes + stripe, site: site)
    }

    @inlinable
    public func unlock(stripe: Int) {
        MutexOperations.unlock(mutexes + stripe)
    }

    /// Runs `body` while holding the stripe's mutex.
    @inlinable
    public func withLock<Result: ~Copyable, Failure: Error>(
        stripe: Int, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock(stripe: stripe)
        defer { unlock(stripe: stripe) }
        return try body()
    }
}
