import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BenchMetrics

/// The allocation counts are proven against known truths before anything
/// reports them.
@Suite(
    "Allocations from jemalloc",
    .disabled(if: Sanitizers.isActive, "a sanitizer owns malloc, so jemalloc cannot count allocations")
)
struct AllocationCounterTests {
    final class Small {
        var value = 0
    }

    final class WeakHolder {
        weak var first: Small?
        weak var second: Small?
    }

    @Test("jemalloc is the allocator of this process")
    func jemallocIsTheAllocator() throws {
        try AllocatorCheck.requireJemalloc()
        #expect(AllocatorCheck.version?.isEmpty == false)
    }

    @Test("a region that allocates nothing counts 0")
    func emptyRegion() throws {
        let counter = try AllocationCounter()
        var sum = 0
        try counter.start()
        for index in 0..<1_000 { sum &+= index }
        let count = try counter.stop()
        #expect(count.mallocs == 0)
        #expect(count.bytes == 0)
        #expect(sum > 0)
    }

    @Test("creating N class instances counts exactly N mallocs", arguments: [1, 10, 1_000, 100_000])
    func instancesCountExactly(count: Int) throws {
        let counter = try AllocationCounter()
        var kept: [Small] = [Small()]  // metadata and the first instance outside the region
        kept.reserveCapacity(count + 1)
        try counter.start()
        for _ in 0..<count { kept.append(Small()) }
        let counted = try counter.stop()
        #expect(counted.mallocs == UInt64(count))
        #expect(counted.bytes >= UInt64(count * MemoryLayout<Int>.size * 3))
        #expect(kept.count == count + 1)
    }

    @Test("the first weak reference to an object allocates its side table; the second does not")
    func weakReferenceSideTable() throws {
        let counter = try AllocationCounter()
        let object = Small()
        let holder = WeakHolder()
        let warm = Small()
        holder.second = warm  // the first weak store anywhere sets up what it needs
        try counter.start()
        holder.first = object
        let first = try counter.stop()
        try counter.start()
        holder.second = object
        let second = try counter.stop()
        #expect(first.mallocs == 1)
        #expect(second.mallocs == 0)
        withExtendedLifetime((object, warm)) {}
    }

    @Test("N blocks of S bytes count at least N × S bytes")
    func bytesAreCounted() throws {
        let counter = try AllocationCounter()
        let blocks = 500, size = 1_000
        var pointers: [UnsafeMutableRawPointer?] = []
        pointers.reserveCapacity(blocks)
        try counter.start()
        for _ in 0..<blocks { pointers.append(malloc(size)) }
        let counted = try counter.stop()
        for pointer in pointers { free(pointer) }
        #expect(counted.mallocs == UInt64(blocks))
        #expect(counted.bytes >= UInt64(blocks * size))
    }

    @Test("threads allocating at once each count exactly their own")
    func concurrentThreadsCountTheirOwn() throws {
        let threads = 4, perThread = 20_000
        let results = Mutex<[UInt64]>([])
        let failures = Atomic<Int>(0)
        runOnThreads(threads) { thread in
            do {
                let counter = try AllocationCounter()
                var kept: [Small] = [Small()]
                kept.reserveCapacity(perThread * (thread + 1) + 1)
                try counter.start()
                for _ in 0..<(perThread * (thread + 1)) { kept.append(Small()) }
                let counted = try counter.stop()
                results.withLock { $0.append(counted.mallocs) }
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(results.withLock { $0.sorted() } == (1...threads).map { UInt64(perThread * $0) })
    }

    @Test("a thread's heap balance counts what a region keeps, and nothing else threads do")
    func threadHeapBalance() throws {
        // Another thread allocates and frees all along; it must change nothing here.
        let stop = Atomic<Bool>(false), churning = Atomic<Bool>(false)
        Thread.detachNewThread {
            while !stop.load(ordering: .relaxed) {
                let block = malloc(1_000)
                churning.store(true, ordering: .relaxed)
                free(block)
            }
        }
        while !churning.load(ordering: .relaxed) { usleep(50) }
        // Nothing but the block between the readings: no test macro, which
        // may allocate for its own bookkeeping.
        let start = try ThreadHeapBalance.current()
        let kept = malloc(4_000)
        usleep(1_000)
        let holding = try ThreadHeapBalance.current().outstanding(since: start)
        free(kept)
        let released = try ThreadHeapBalance.current().outstanding(since: start)
        stop.store(true, ordering: .relaxed)
        #expect(holding >= 4_000 && holding < 4_000 + 1_024)
        #expect(released == 0)
    }

    @Test("an arena still holding live blocks is not handed to the next counter")
    func arenaWithLiveBlocksIsRefused() throws {
        // A counter binds the calling thread to its arena.
        let first = try AllocationCounter()
        let arena = try Jemalloc.readUnsigned("thread.arena")
        try first.start()
        let survivor = try #require(malloc(512))
        _ = try first.stop()
        first.release()
        // The block lives on, so its frees could land in a later region there.
        let second = try AllocationCounter()
        #expect(try Jemalloc.readUnsigned("thread.arena") != arena)
        second.release()
        free(survivor)
    }

    @Test("the heap footprint grows by what stays allocated")
    func footprintGrows() throws {
        // Process-wide figures: other tests allocate and free meanwhile, so
        // the block is far larger than anything they hold.
        let size = 512 << 20
        let before = try MemoryFootprint.current()
        let block = try #require(malloc(size))
        let during = try MemoryFootprint.current()
        free(block)
        #expect(during.allocated >= before.allocated + UInt64(size) - (64 << 20))
        #expect(during.active >= during.allocated)
    }
}
