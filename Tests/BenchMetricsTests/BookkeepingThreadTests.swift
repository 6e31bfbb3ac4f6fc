import Foundation
import Testing

@testable import BenchMetrics

/// The instruction counter's own work runs on a thread of its own and
/// leaves the counted thread's allocator as it found it.
@Suite("Bookkeeping thread")
struct BookkeepingThreadTests {
    /// Bytes the calling thread allocated so far (jemalloc's per-thread counter).
    static func allocatedHere() throws -> UInt64 {
        try Jemalloc.readCounter("thread.allocated")
    }

    static let jemallocCounts = (try? AllocatorCheck.requireJemalloc()) != nil

    @Test("jobs run one at a time on another thread, and keep their state between them")
    func runsElsewhere() {
        let bookkeeping = BookkeepingThread(state: [Int32]())
        let caller = ThreadSchedule.currentThreadID()
        for _ in 0..<3 {
            bookkeeping.run { seen in seen.append(ThreadSchedule.currentThreadID()) }
        }
        let seen = bookkeeping.run { $0 }
        #expect(seen.count == 3)
        #expect(Set(seen) == [bookkeeping.threadID])
        #expect(!seen.contains(caller))
    }

    @Test(
        "what a job allocates, however much, is not allocated by the thread that waits for it",
        .enabled(if: jemallocCounts, "jemalloc's per-thread counters count only where it is the allocator"))
    func callerAllocatesAlike() throws {
        let bookkeeping = BookkeepingThread(state: [String]())
        /// Bytes this thread allocated while a job made a dump of `lines` lines.
        func cost(_ lines: Int) throws -> UInt64 {
            let before = try Self.allocatedHere()
            let kept = bookkeeping.run { state -> Int in
                state = (0..<lines).map { "a line of a dump, number \($0)" }
                return state.count
            }
            let after = try Self.allocatedHere()
            #expect(kept == lines)
            return after - before
        }
        // The first call of anything may allocate (the runtime's metadata).
        _ = try cost(4)
        let costs = [try cost(4), try cost(40_000)]
        // The job of 40,000 lines allocated megabytes on its own thread.
        #expect(costs[0] == costs[1], "the waiting thread allocated \(costs) bytes for jobs of 4 and 40,000 lines")
        #expect(costs[1] < 1_024)
    }
}
