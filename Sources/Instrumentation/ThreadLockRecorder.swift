import CThreadSlot

/// Counts the lock acquisitions of the thread it is installed on.
///
/// `InstrumentedLock` finds the recorder through a thread-local slot, so the
/// tallies are plain memory owned by one thread: no atomics, no sharing, and a
/// thread without a recorder pays one thread-local load per acquisition.
///
/// Read `tallies` only from the recording thread, or after it has finished
/// (for example after joining it); the recorder does not synchronize readers.
public final class ThreadLockRecorder: @unchecked Sendable {
    // @unchecked: `storage` is written only by the thread the recorder is
    // installed on; other threads read it after that thread has stopped
    // recording (a join or a barrier orders the accesses).
    private let storage: UnsafeMutablePointer<LockTally>

    public init() {
        storage = .allocate(capacity: LockSite.allCases.count)
        storage.initialize(repeating: LockTally(), count: LockSite.allCases.count)
    }

    deinit {
        precondition(
            cts_get_lock_tallies() != UnsafeMutableRawPointer(storage),
            "a ThreadLockRecorder was released while still installed"
        )
        storage.deinitialize(count: LockSite.allCases.count)
        storage.deallocate()
    }

    /// Makes this recorder count the calling thread's acquisitions.
    public func install() {
        cts_set_lock_tallies(UnsafeMutableRawPointer(storage))
    }

    /// Stops counting on the calling thread.
    public func uninstall() {
        if cts_get_lock_tallies() == UnsafeMutableRawPointer(storage) {
            cts_set_lock_tallies(nil)
        }
    }

    /// Runs `body` with this recorder installed on the calling thread.
    public func recording<R>(_ body: () throws -> R) rethrows -> R {
        let previous = cts_get_lock_tallies()
        install()
        defer { cts_set_lock_tallies(previous) }
        return try body()
    }

    /// The tally of one site.
    public subscript(site: LockSite) -> LockTally {
        storage[site.rawValue]
    }

    /// Every site's tally, in `LockSite.allCases` order.
    public var tallies: [LockSite: LockTally] {
        Dictionary(uniqueKeysWithValues: LockSite.allCases.map { ($0, storage[$0.rawValue]) })
    }

    /// All sites added together.
    public var total: LockTally {
        LockSite.allCases.reduce(into: LockTally()) { $0.add(storage[$1.rawValue]) }
    }

    /// Zeroes every tally.
    public func reset() {
        for index in LockSite.allCases.indices { storage[index] = LockTally() }
    }

    @usableFromInline
    static func currentTallies() -> UnsafeMutablePointer<LockTally>? {
        cts_get_lock_tallies()?.assumingMemoryBound(to: LockTally.self)
    }
}
