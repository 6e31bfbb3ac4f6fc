import Synchronization

/// What one thread allocated over a measured region.
public struct AllocationCount: Hashable, Sendable, Codable {
    /// Allocation requests (malloc, calloc, realloc to a new block, Swift
    /// object allocations: every one of them a malloc underneath).
    public var mallocs: UInt64 = 0
    /// Bytes allocated, rounded up to jemalloc's size classes.
    public var bytes: UInt64 = 0

    public init(mallocs: UInt64 = 0, bytes: UInt64 = 0) {
        self.mallocs = mallocs
        self.bytes = bytes
    }

    public static func + (lhs: AllocationCount, rhs: AllocationCount) -> AllocationCount {
        AllocationCount(mallocs: lhs.mallocs + rhs.mallocs, bytes: lhs.bytes + rhs.bytes)
    }
}

/// Counts the allocations of the calling thread, exactly, from jemalloc.
///
/// jemalloc's per-arena statistics count allocation requests, but only once
/// a thread's cache (tcache) flushes them into its arena, and an arena is
/// shared by many threads. So a counter binds its thread to a private arena
/// (taken from a pool, reused across counters) and flushes the thread's cache
/// at both ends of a region: the difference in the arena's request count is
/// then this thread's allocations and nobody else's, even while other threads
/// allocate. Bytes come from `thread.allocated`, exact per thread.
///
/// Create, `start()` and `stop()` on the same thread. Starting and stopping
/// cost tens of microseconds (a statistics refresh): measure regions, not
/// single operations.
public final class AllocationCounter {
    private let arena: UInt32
    private let smallRequests: Jemalloc.MIB
    private let largeRequests: Jemalloc.MIB
    private var startCount = AllocationCount()
    private var previousArena: UInt32

    /// Binds the calling thread to a private arena until `release()` or deinit.
    public init() throws(AllocatorError) {
        try AllocatorCheck.requireJemalloc()
        arena = try ArenaPool.shared.take()
        // A new arena's statistics have no names until the next refresh.
        try Jemalloc.refreshStatistics()
        smallRequests = try Jemalloc.MIB("stats.arenas.\(arena).small.nrequests")
        largeRequests = try Jemalloc.MIB("stats.arenas.\(arena).large.nrequests")
        previousArena = try Jemalloc.readUnsigned("thread.arena")
        try Jemalloc.writeUnsigned("thread.arena", arena)
    }

    deinit {
        release()
    }

    private var released = false

    /// Gives the arena back and rebinds the thread to the arena it had.
    public func release() {
        guard !released else { return }
        released = true
        try? Jemalloc.perform("thread.tcache.flush")
        try? Jemalloc.writeUnsigned("thread.arena", previousArena)
        ArenaPool.shared.give(arena)
    }

    /// Begins a region.
    public func start() throws(AllocatorError) {
        startCount = try current()
    }

    /// Ends the region begun by `start()`.
    public func stop() throws(AllocatorError) -> AllocationCount {
        let end = try current()
        return AllocationCount(mallocs: end.mallocs &- startCount.mallocs, bytes: end.bytes &- startCount.bytes)
    }

    /// Counts the allocations `body` makes on this thread.
    public func count<R>(_ body: () throws -> R) throws -> (result: R, allocations: AllocationCount) {
        try start()
        let result = try body()
        return (result, try stop())
    }

    private func current() throws(AllocatorError) -> AllocationCount {
        try Jemalloc.perform("thread.tcache.flush")
        try Jemalloc.refreshStatistics()
        let requests = try smallRequests.readCounter() &+ largeRequests.readCounter()
        return AllocationCount(mallocs: requests, bytes: try Jemalloc.readCounter("thread.allocated"))
    }
}

/// Arenas created for counters. jemalloc never destroys an arena it created
/// for us unless asked, so they are kept and handed out again, but only once
/// every block allocated from them has been freed.
///
/// A block goes back to the arena it came from, whichever thread frees it.
/// An arena handed out while it still held live blocks (a store that outlived
/// the region that filled it, say) would see those frees land in the middle
/// of its next counter's region, so such an arena waits in `draining` until
/// it is empty again.
final class ArenaPool: Sendable {
    static let shared = ArenaPool()
    private let arenas = Mutex<(free: [UInt32], draining: [UInt32])>(([], []))

    func take() throws(AllocatorError) -> UInt32 {
        if let arena = arenas.withLock({ $0.free.popLast() }) { return arena }
        if let arena = try reclaimDrained() { return arena }
        return try Jemalloc.readUnsigned("arenas.create")
    }

    /// Takes the arena back; call after flushing the thread's cache, so the
    /// blocks it freed are counted as freed.
    func give(_ arena: UInt32) {
        let empty = (try? Self.allocatedBytes(in: arena)) == 0
        arenas.withLock { empty ? $0.free.append(arena) : $0.draining.append(arena) }
    }

    /// A draining arena whose blocks have all been freed since, if any.
    private func reclaimDrained() throws(AllocatorError) -> UInt32? {
        let draining = arenas.withLock { $0.draining }
        guard !draining.isEmpty else { return nil }
        try Jemalloc.refreshStatistics()
        for arena in draining where try Self.allocatedBytes(in: arena, refreshing: false) == 0 {
            let claimed = arenas.withLock { state -> Bool in
                guard let index = state.draining.firstIndex(of: arena) else { return false }
                state.draining.remove(at: index)
                return true
            }
            if claimed { return arena }
        }
        return nil
    }

    /// Bytes in live allocations of `arena`, small and large.
    static func allocatedBytes(in arena: UInt32, refreshing: Bool = true) throws(AllocatorError) -> UInt64 {
        if refreshing { try Jemalloc.refreshStatistics() }
        return try Jemalloc.MIB("stats.arenas.\(arena).small.allocated").readCounter()
            &+ Jemalloc.MIB("stats.arenas.\(arena).large.allocated").readCounter()
    }
}
