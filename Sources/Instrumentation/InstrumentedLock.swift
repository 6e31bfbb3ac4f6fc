#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mutual-exclusion primitive both stores are built on: a pthread mutex
/// that counts itself.
///
/// When the calling thread has a `ThreadLockRecorder` installed, every
/// acquisition is counted: the lock is first tried, and only when that fails
/// does it read the clock, wait, and record the wait. Without a recorder the
/// cost over the bare mutex is one thread-local load and a branch.
///
/// The mutex lives at a fixed heap address, as pthread requires. Not
/// reentrant. `lock()`/`unlock()` exist for sections that do not nest as a
/// closure; prefer `withLock`.
public struct InstrumentedLock: ~Copyable, @unchecked Sendable {
    // @unchecked: the pointer is owned by this lock, and the mutex behind it
    // exists to be shared between threads.
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// The role this lock plays, used to attribute its acquisitions.
    public let site: LockSite

    public init(site: LockSite) {
        self.site = site
        self.mutex = MutexOperations.allocate(count: 1)
    }

    deinit {
        MutexOperations.deallocate(mutex, count: 1)
    }

    @inlinable
    public borrowing func lock() {
        MutexOperations.lock(mutex, site: site)
    }

    @inlinable
    public borrowing func unlock() {
        MutexOperations.unlock(mutex)
    }

    /// Whether another thread is blocked waiting for this lock. Call while
    /// holding it: a test uses it to wait until contention has happened
    /// rather than sleep and hope.
    public borrowing func hasWaiters() -> Bool {
        MutexOperations.hasWaiters(mutex)
    }

    /// Runs `body` while holding the lock.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
