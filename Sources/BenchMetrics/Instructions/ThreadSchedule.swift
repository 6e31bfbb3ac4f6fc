#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// How many times the kernel has run each of the process's other threads,
/// from `/proc/self/task/TID/schedstat` (its third field, the time slices
/// the thread has run): a thread whose count moved was scheduled in
/// between, one whose count did not slept throughout.
struct ThreadSchedule: Equatable {
    /// Time slices run, by thread id, for every thread but the caller.
    var slices: [Int32: UInt64]

    /// The process's threads other than the calling one, now; none where
    /// Linux's per-thread scheduler statistics cannot be read.
    /// - Complexity: O(threads), a file read each.
    static func otherThreads() -> ThreadSchedule {
        threads(excluding: [currentThreadID()].compactMap { $0 })
    }

    /// The process's threads but `excluded`, now.
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

    /// The calling thread's id, from `/proc/thread-self` ("PID/task/TID").
    static func currentThreadID() -> Int32? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
            .flatMap { $0.split(separator: "/").last }.flatMap { Int32($0) }
    }

    /// The threads scheduled since `earlier`: those whose count moved, and
    /// those started since.
    func scheduled(since earlier: ThreadSchedule) -> [Int32] {
        slices.compactMap { id, run in earlier.slices[id] == run ? nil : id }.sorted()
    }
}
