import CCallgrind
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How many times the kernel has run each of the process's other threads,
/// from `/proc/self/task/TID/schedstat` (its third field, the time slices
/// the thread has run): a thread whose count moved was scheduled in
/// between, one whose count did not slept throughout.
struct ThreadSchedule: Equatable {
    /// Time slices run, by thread id, for every thread but those left out.
    var slices: [Int32: UInt64]

    /// The process's threads but `excluded`, now; none where Linux's
    /// per-thread scheduler statistics cannot be read.
    /// - Complexity: O(threads), a file read each.
    static func threads(excluding excluded: [Int32]) -> ThreadSchedule {
        var slices: [Int32: UInt64] = [:]
        for id in threadIDs() where !excluded.contains(id) {
            slices[id] = slicesRun(ofThread: id)
        }
        return ThreadSchedule(slices: slices)
    }

    /// The ids of the process's threads, the caller's among them; none where
    /// `/proc/self/task` cannot be read.
    /// - Complexity: O(threads).
    static func threadIDs() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).compactMap { Int32($0) }
    }

    /// The time slices thread `id` of this process has run: the third field
    /// of `/proc/self/task/ID/schedstat`. Nil once the thread has ended, or
    /// where Linux's per-thread scheduler statistics cannot be read.
    static func slicesRun(ofThread id: Int32) -> UInt64? {
        guard let line = try? String(contentsOfFile: "/proc/self/task/\(id)/schedstat", encoding: .utf8) else {
            return nil
        }
        let fields = line.split(separator: " ")
        guard fields.count >= 3 else { return nil }
        return UInt64(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The calling thread's kernel id (`gettid`), without allocating.
    static func currentThreadID() -> Int32 {
        ccg_thread_id()
    }

    /// The threads scheduled since `earlier`: those whose count moved, those
    /// started since, and those that ended since (a thread runs to exit).
    func scheduled(since earlier: ThreadSchedule) -> [Int32] {
        let ran = slices.compactMap { id, run in earlier.slices[id] == run ? nil : id }
        return (ran + ended(since: earlier)).sorted()
    }

    /// The threads of `earlier` that have ended since.
    func ended(since earlier: ThreadSchedule) -> [Int32] {
        earlier.slices.keys.filter { slices[$0] == nil }.sorted()
    }
}
