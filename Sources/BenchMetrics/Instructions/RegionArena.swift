/// The allocator state every counted region starts from: an arena of its
/// own that nothing has allocated from, and an empty thread cache.
///
/// What a region's allocations cost depends on that state: how many blocks
/// of each size the thread's cache holds, how many it takes from the arena
/// when it runs out, and how full the arena's slabs are. All three follow
/// from whatever the process ran before, so the same region counted after
/// another history (a run of the whole profile, a run of one scenario)
/// counted otherwise. Started on a fresh arena with an empty cache, and
/// with the cache's adaptive refill sizes fixed
/// (`InstructionCounter.allocatorOptions`), a region's allocations cost the
/// same whatever ran before (docs/METHODS.md, "What ran before").
///
/// Arenas are never destroyed, since what a region allocated may outlive
/// it; a counted process counts a few dozen regions, far from jemalloc's
/// limit of 4,095 arenas.
enum RegionArena {
    /// Binds the calling thread to a new arena and empties its cache.
    ///
    /// - Returns: the arena the thread was bound to, for `leave(_:)`.
    static func enter() throws(AllocatorError) -> UInt32 {
        let previous = try Jemalloc.readUnsigned("thread.arena")
        try Jemalloc.writeUnsigned("thread.arena", try Jemalloc.readUnsigned("arenas.create"))
        try Jemalloc.perform("thread.tcache.flush")
        return previous
    }

    /// Returns what the thread's cache holds to the region's arena and binds
    /// the thread to `previous` again.
    static func leave(_ previous: UInt32) throws(AllocatorError) {
        try Jemalloc.perform("thread.tcache.flush")
        try Jemalloc.writeUnsigned("thread.arena", previous)
    }
}
