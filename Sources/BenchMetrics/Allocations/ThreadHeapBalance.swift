/// Bytes the calling thread has allocated and freed so far, from jemalloc's
/// per-thread counters (`thread.allocated`, `thread.deallocated`).
///
/// Exact for one thread whatever the others do: a block counts where it is
/// allocated and where it is freed, not in an arena other threads share. So
/// two readings around a region say whether the region, run on this thread,
/// freed everything it allocated: `outstanding(since:)` is 0.
@usableFromInline struct ThreadHeapBalance: Hashable, Sendable {
    /// Bytes allocated by this thread since it started, in size classes.
    public var allocated: UInt64
    /// Bytes freed by this thread since it started.
    @usableFromInline var deallocated: UInt64

    /// The calling thread's counters now.
    public static func current() throws(AllocatorError) -> ThreadHeapBalance {
        try AllocatorCheck.requireJemalloc()
        return ThreadHeapBalance(
            allocated: try Jemalloc.readCounter("thread.allocated"),
            deallocated: try Jemalloc.readCounter("thread.deallocated"))
    }

    /// Bytes allocated since `start` and not freed since, on this thread:
    /// positive when the region kept something, negative when it freed
    /// something allocated before it began.
    @usableFromInline func outstanding(since start: ThreadHeapBalance) -> Int64 {
        Int64(bitPattern: (allocated &- start.allocated) &- (deallocated &- start.deallocated))
    }
}
