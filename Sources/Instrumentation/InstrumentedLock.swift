import Synchronization

/// The one mutual-exclusion primitive both stores are built on.
///
/// A futex word (`Synchronization`'s mutex handle, 4 bytes, spins briefly
/// before sleeping) plus the site it plays in its store. When the calling
/// thread has a `ThreadLockRecorder` installed, every acquisition is counted:
/// it first tries the lock, and only when that fails does it read the clock,
/// wait, and record the wait. Without a recorder the cost over the bare
/// handle is one thread-local load and a branch.
///
/// Not reentrant. `lock()`/`unlock()` exist for hand-over-hand sections;
/// prefer `withLock`.
public struct InstrumentedLock: ~Copyable, Sendable {
    @usableFromInline
    let handle = _MutexHandle()

    /// The role this lock plays, used to attribute its acquisitions.
    public let site: LockSite

    public init(site: LockSite) {
        self.site = site
    }

    @inlinable
    public borrowing func lock() {
        guard let tallies = ThreadLockRecorder.currentTallies() else {
            unsafe handle.unsafeLock()
            return
        }
        if unsafe handle.unsafeTryLock() {
            tallies[site.rawValue].acquisitions &+= 1
            return
        }
        let start = MonotonicClock.now()
        unsafe handle.unsafeLock()
        let waited = MonotonicClock.now() &- start
        recordContended(tallies, waited: waited)
    }

    @inlinable
    public borrowing func unlock() {
        unsafe handle.unsafeUnlock()
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

    @usableFromInline
    borrowing func recordContended(_ tallies: UnsafeMutablePointer<LockTally>, waited: UInt64) {
        let index = site.rawValue
        tallies[index].acquisitions &+= 1
        tallies[index].contended &+= 1
        tallies[index].waitNanoseconds &+= waited
        if waited > tallies[index].maxWaitNanoseconds {
            tallies[index].maxWaitNanoseconds = waited
        }
    }
}
