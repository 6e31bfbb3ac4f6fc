#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counted acquisition of a `pthread_mutex_t`, shared by `InstrumentedLock`
/// and `StripedLocks`.
///
/// pthread mutexes because they are the cheapest uncontended lock measured
/// on this machine kind, and because ThreadSanitizer understands them (it
/// cannot see an acquisition that `Synchronization.Mutex` completes inside a
/// priority-inheritance futex in the kernel).
@usableFromInline
enum MutexOperations {
    @inlinable
    static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>, site: LockSite) {
        guard let tallies = ThreadLockRecorder.currentTallies() else {
            pthread_mutex_lock(mutex)
            return
        }
        if pthread_mutex_trylock(mutex) == 0 {
            tallies[site.rawValue].acquisitions &+= 1
            return
        }
        let start = MonotonicClock.now()
        pthread_mutex_lock(mutex)
        recordContended(tallies, site: site, waited: MonotonicClock.now() &- start)
    }

    @inlinable
    static func unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_unlock(mutex)
    }

    /// Whether a thread is blocked waiting for `mutex`: glibc sets the lock
    /// word (the first field of the mutex) to 2 before a waiter sleeps, and
    /// keeps it there while anyone waits. Only meaningful while the caller
    /// holds the mutex; for tests that must wait until contention happened.
    static func hasWaiters(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Bool {
        UnsafeRawPointer(mutex).load(as: Int32.self) > 1
    }

    @usableFromInline
    static func recordContended(_ tallies: UnsafeMutablePointer<LockTally>, site: LockSite, waited: UInt64) {
        let index = site.rawValue
        tallies[index].acquisitions &+= 1
        tallies[index].contended &+= 1
        tallies[index].waitNanoseconds &+= waited
        if waited > tallies[index].maxWaitNanoseconds {
            tallies[index].maxWaitNanoseconds = waited
        }
    }

    static func allocate(count: Int) -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutexes = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: count)
        for index in 0..<count {
            (mutexes + index).initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutexes + index, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        return mutexes
    }

    static func deallocate(_ mutexes: UnsafeMutablePointer<pthread_mutex_t>, count: Int) {
        for index in 0..<count { pthread_mutex_destroy(mutexes + index) }
        mutexes.deinitialize(count: count)
        mutexes.deallocate()
    }
}
