import CCallgrind
import Foundation

/// A thread of its own for an instruction counter's work around a region:
/// reading the scheduler's statistics and callgrind's dump.
///
/// That work allocates as much as the dump is long, and a dump's length
/// follows the code measured and the binary it was built into. Done on the
/// counted thread, it would leave that thread's allocator cache fuller or
/// emptier at the next region's start, so whether a refill falls inside a
/// region, and so the region's count, would move with changes anywhere in
/// the binary. Here it runs on another thread, which allocates from a jemalloc
/// arena of its own, and the counted thread only waits for it on a
/// condition, which allocates nothing. What the jobs keep between them is
/// `State`, kept on this thread so that it is freed here too.
final class BookkeepingThread<State>: @unchecked Sendable {
    // @unchecked: `job` and `id` are read and written under `condition`;
    // `state` only by jobs, which run one at a time on the bookkeeping
    // thread while their caller waits. A `Mutex` cannot be waited on, and a
    // job is a closure that captures its caller's variables: not Sendable.
    private let condition = NSCondition()
    private var job: (() -> Void)?
    private var id: Int32?
    private var state: State

    /// Starts the thread, which lives as long as the process.
    init(state: State) {
        self.state = state
        let thread = Thread { [self] in serve() }
        thread.start()
        condition.withLock { while id == nil { condition.wait() } }
    }

    /// The bookkeeping thread's kernel id.
    var threadID: Int32 { condition.withLock { id ?? 0 } }

    /// Runs `body` on the bookkeeping thread and returns what it returned,
    /// the caller blocked meanwhile.
    func run<T>(_ body: (inout State) -> T) -> T {
        var result: T?
        withoutActuallyEscaping({ result = body(&self.state) }) { work in
            condition.withLock {
                job = work
                condition.broadcast()
                while job != nil { condition.wait() }
            }
        }
        // The job sets `result` before it is cleared.
        return result.unsafelyUnwrapped
    }

    private func serve() {
        // Where jemalloc is not the allocator (a sanitizer's build), the
        // thread allocates from whatever is.
        if let arena = try? Jemalloc.readUnsigned("arenas.create") {
            try? Jemalloc.writeUnsigned("thread.arena", arena)
        }
        condition.withLock {
            id = ThreadSchedule.currentThreadID()
            condition.broadcast()
        }
        while true {
            var next = condition.withLock {
                while job == nil { condition.wait() }
                return job
            }
            next.unsafelyUnwrapped()
            // Every reference to the job is gone before its caller is told,
            // as `withoutActuallyEscaping` requires.
            next = nil
            condition.withLock {
                job = nil
                condition.broadcast()
            }
        }
    }
}
