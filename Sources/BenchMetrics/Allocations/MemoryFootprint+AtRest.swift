import Instrumentation

#if canImport(Glibc)
import Glibc
#endif

extension MemoryFootprint {
    /// A footprint read while no other thread of the process ran, and the
    /// threads that were there.
    public struct AtRest: Sendable {
        public var footprint: MemoryFootprint
        /// The process's threads but the reader.
        public var threads: ThreadRoster

        /// A reading taken at once, its threads not looked at: for a process
        /// never at rest, whose heap figures nobody checks (a test's).
        public static func now() throws(AllocatorError) -> AtRest {
            AtRest(footprint: try current(), threads: ThreadRoster())
        }
    }

    /// How long `atRest()` waits between looks at the other threads, in
    /// microseconds: long enough for a thread woken just before to be seen
    /// running, or waiting to run.
    static let quietInterval: UInt32 = 1_000

    /// Waits until no other thread of the process has run for a moment, then
    /// reads the footprint, and checks that none ran while it was read.
    /// Nothing it keeps while reading is on the heap.
    ///
    /// Heap bytes are exact only in a process at rest: work another thread
    /// finishes after a store is released (libdispatch disposes a released
    /// queue's specific values on a worker thread, and GRDB's database goes
    /// with them) would be counted or not depending on when it ran, and a
    /// thread starting or ending allocates or frees its own state.
    /// - Parameter seconds: how long to wait for the other threads to settle.
    /// - Throws: `AllocatorError.neverAtRest` when they kept running that long.
    public static func atRest(waitingUpTo seconds: Double = 10) throws(AllocatorError) -> AtRest {
        let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
        releaseEndedThreadStacks()
        var earlier = ThreadActivity.now()
        while true {
            usleep(quietInterval)
            let before = ThreadActivity.now()
            if before.isQuiet(since: earlier) {
                let footprint = try current()
                let after = ThreadActivity.now()
                if after.isQuiet(since: before) { return AtRest(footprint: footprint, threads: after.roster) }
                earlier = after
            } else {
                earlier = before
            }
            guard MonotonicClock.now() < deadline else { throw .neverAtRest(seconds: seconds) }
        }
    }

    /// Frees the stacks glibc keeps of threads that ended detached (a
    /// libdispatch worker, a Foundation thread), each with its thread-local
    /// storage's vector on the heap. glibc hands such a stack to the next
    /// thread started, its vector and all, even with its stack cache off, and
    /// frees the rest only when a thread is joined: so starting a thread
    /// would allocate or not depending on which threads ended before. This
    /// starts a thread that does nothing and joins it.
    static func releaseEndedThreadStacks() {
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { _ in nil }, nil) == 0 else { return }
        pthread_join(thread, nil)
    }
}
