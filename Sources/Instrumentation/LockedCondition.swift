#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that a pthread mutex owns, with a condition variable to wait on
/// until it changes: the only way to the value is through the mutex.
///
/// For threads that hand work or a turn to each other. The mutex is not
/// counted, whatever recorder the thread has installed; pthread primitives,
/// because ThreadSanitizer sees them.
public final class LockedCondition<Value>: @unchecked Sendable {
    // @unchecked: `value` is reached only inside this type's methods, with
    // `mutex` held, and the mutex and condition exist to be shared.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>
    @usableFromInline var value: Value

    /// Whom a change wakes.
    public enum Waking: Sendable {
        /// One thread waiting, as a queue with one consumer wakes it.
        case one
        /// Every thread waiting.
        case all
    }

    public init(_ value: Value) {
        self.value = value
        mutex = MutexOperations.allocate(count: 1)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        let status = pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        precondition(status == 0, "pthread_cond_init failed: \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        MutexOperations.deallocate(mutex, count: 1)
    }

    /// Runs `body` on the value with the mutex held. Not reentrant.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Changes the value with the mutex held, then wakes `waking` of the
    /// threads waiting for it, before the mutex is let go.
    @inlinable
    public func withLock<Result>(waking: Waking, _ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let result = body(&value)
        switch waking {
        case .one: pthread_cond_signal(condition)
        case .all: pthread_cond_broadcast(condition)
        }
        return result
    }

    /// Waits until `ready` holds of the value, the mutex let go meanwhile,
    /// then runs `body` on it with the mutex held.
    @inlinable
    public func withLock<Result>(when ready: (Value) -> Bool, _ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(value) { pthread_cond_wait(condition, mutex) }
        return body(&value)
    }

    /// Unless `ready` already holds of the value, waits once for a wake-up,
    /// at most `nanoseconds`, the mutex let go meanwhile; then runs `body`
    /// on the value, ready or not, with the mutex held.
    public func withLock<Result>(
        unless ready: (Value) -> Bool, waitingOnceAtMost nanoseconds: UInt64, _ body: (inout Value) -> Result
    ) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if !ready(value) {
            var deadline = timespec()
            clock_gettime(CLOCK_MONOTONIC, &deadline)
            let total = UInt64(deadline.tv_nsec) + nanoseconds
            deadline.tv_sec += Int(total / 1_000_000_000)
            deadline.tv_nsec = Int(total % 1_000_000_000)
            _ = pthread_cond_timedwait(condition, mutex, &deadline)
        }
        return body(&value)
    }
}
