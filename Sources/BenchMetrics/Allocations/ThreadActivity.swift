import Foundation
import Instrumentation

/// What the process's other threads are doing, from Linux's per-thread files
/// under `/proc/self/task`: which threads exist, how many time slices they
/// have run (`schedstat`, third field), and how many are running or waiting
/// to run (`stat`, state `R`, or `D` inside the kernel).
///
/// A value type with nothing on the heap, so a reading kept across a heap
/// measurement is not counted in it. Two readings alike with nothing
/// runnable mean no other thread ran in between, nor was woken to run.
struct ThreadActivity: Equatable {
    /// The threads, the caller aside.
    var roster: ThreadRoster
    /// Time slices those threads have run in all; each thread's count only grows.
    var slicesRun: UInt64
    /// Threads, the caller aside, running or woken and waiting for a CPU.
    var runnable: Int

    /// The process's threads but the caller, now.
    /// - Complexity: O(threads), two file reads each.
    static func now() -> ThreadActivity {
        let caller = ThreadSchedule.currentThreadID()
        var activity = ThreadActivity(roster: ThreadRoster(), slicesRun: 0, runnable: 0)
        for id in ThreadSchedule.threadIDs() where id != caller {
            guard let slices = ThreadSchedule.slicesRun(ofThread: id),
                let status = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8)
            else { continue }  // the thread ended while being read
            activity.roster.insert(id)
            activity.slicesRun += slices
            // The state follows the command name, which may itself hold
            // spaces or parentheses: it is the field after the last ')'.
            if let close = status.lastIndex(of: ")"),
                let state = status[status.index(after: close)...].first(where: { $0 != " " }),
                state == "R" || state == "D"
            {
                activity.runnable += 1
            }
        }
        return activity
    }

    /// Whether no thread ran, started or ended since `earlier`, and none is
    /// waiting to run now or was then.
    func isQuiet(since earlier: ThreadActivity) -> Bool {
        runnable == 0 && earlier.runnable == 0 && self == earlier
    }

    /// Waits until no other thread has run, started or ended for
    /// `interval` microseconds, or until `seconds` have passed.
    /// - Returns: whether the other threads settled in time.
    static func waitUntilQuiet(checkingEvery interval: UInt32, upTo seconds: Double) -> Bool {
        let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
        var earlier = now()
        while MonotonicClock.now() < deadline {
            usleep(interval)
            let later = now()
            if later.isQuiet(since: earlier) { return true }
            earlier = later
        }
        return false
    }
}

/// A set of thread ids summarized without the heap: how many, their sum and
/// the sum of their squares. Two rosters differ when a thread started or
/// ended between them, unless another took the same count, sum and sum of
/// squares at once; Linux hands out thread ids in sequence, so it cannot
/// within one round.
public struct ThreadRoster: Hashable, Sendable {
    public private(set) var count = 0
    private var sum: Int64 = 0
    private var sumOfSquares: Int64 = 0

    public init() {}

    mutating func insert(_ id: Int32) {
        count += 1
        sum &+= Int64(id)
        sumOfSquares &+= Int64(id) &* Int64(id)
    }
}
