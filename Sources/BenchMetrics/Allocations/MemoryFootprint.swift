/// The process's heap as jemalloc sees it, after a statistics refresh.
public struct MemoryFootprint: Hashable, Sendable, Codable {
    /// Bytes in live allocations: jemalloc's `stats.allocated` less the
    /// freed blocks other threads keep in their caches, which it counts as
    /// allocated (a thread that freed a store's work, such as a consistency
    /// manager's queue, would otherwise leave it counted).
    public var allocated: UInt64
    /// Bytes in pages holding live allocations (allocated plus fragmentation).
    public var active: UInt64
    /// Bytes physically resident in jemalloc's mappings.
    public var resident: UInt64

    /// Reads the current footprint; refreshes jemalloc's statistics first.
    public static func current() throws(AllocatorError) -> MemoryFootprint {
        try AllocatorCheck.requireJemalloc()
        try Jemalloc.perform("thread.tcache.flush")
        try Jemalloc.refreshStatistics()
        let cached = try Jemalloc.readCounter("stats.arenas.4096.tcache_bytes")  // 4096: every arena
        return MemoryFootprint(
            allocated: try Jemalloc.readCounter("stats.allocated") - cached,
            active: try Jemalloc.readCounter("stats.active"),
            resident: try Jemalloc.readCounter("stats.resident"))
    }
}
