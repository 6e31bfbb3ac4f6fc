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
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for name in tasks {
            guard let id = Int32(name), !excluded.contains(id),
                let line = try? String(contentsOfFile: "/proc/self/task/\(name)/schedstat", encoding: .utf8)
            else { continue }
            let fields = line.split(separator: " ")
            if fields.count >= 3, let run = UInt64(fields[2].trimmingCharacters(in: .whitespacesAndNewlines)) {
                slices[id] = run
            }
        }
        return ThreadSchedule(slices: slices)
    }

    /// The calling thread's kernel id (`gettid`), without allocating.
    static func currentThreadID() -> Int32 {
        ccg_thread_id()
    }

    /// The threads scheduled since `earlier`: those whose count moved, those
    /// started since, and those that ended since (a thread runs to exit).
    func scheduled(since earlier: ThreadSchedule) -> [Int32] {
        let ran = slices.compactMap { id, run in earlier.slices[id] == run ? nil : id }
        let ended = earlier.slices.keys.filter { slices[$0] == nil }
        return (ran + ended).sorted()
    }
}
