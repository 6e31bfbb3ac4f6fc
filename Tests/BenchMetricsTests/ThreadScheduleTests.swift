import Foundation
import Testing

@testable import BenchMetrics

#if canImport(Glibc)
import Glibc
#endif

/// Which other threads the kernel ran, as an instruction count asks of its region.
@Suite("Thread schedule")
struct ThreadScheduleTests {
    /// A thread that records its id, then runs each task it is handed and
    /// sleeps on a condition in between.
    final class Sleeper: @unchecked Sendable {
        // @unchecked: every field is read and written under `condition`.
        private let condition = NSCondition()
        private var id: Int32 = 0
        private var pending = 0
        private var done = 0
        private var stopped = false
        private var thread: Thread!

        init() {
            thread = Thread { [unowned self] in self.run() }
            thread.start()
        }

        private func run() {
            condition.withLock {
                id = ThreadSchedule.currentThreadID()
                condition.broadcast()
                while !stopped {
                    if pending > 0 {
                        pending -= 1
                        done += 1
                        condition.broadcast()
                    } else {
                        condition.wait()
                    }
                }
            }
        }

        /// The thread's id, once it has started.
        var threadID: Int32 {
            condition.withLock {
                while id == 0 { condition.wait() }
                return id
            }
        }

        /// Hands the thread a task and waits until it has run it and is asleep again.
        func wake() {
            condition.withLock {
                pending += 1
                condition.broadcast()
                let target = done + 1
                while done < target { condition.wait() }
            }
        }

        /// Waits until the kernel says the thread sleeps (state `S`): from
        /// then on only a wake-up runs it again.
        func waitUntilAsleep() {
            let id = threadID
            while true {
                let stat = (try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8)) ?? ""
                // The state follows the command name, which is in parentheses.
                if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "S" { return }
                usleep(1_000)
            }
        }

        func stop() {
            condition.withLock {
                stopped = true
                condition.broadcast()
            }
        }
    }

    @Test("a thread woken in between was scheduled; the calling thread is never listed")
    func woken() throws {
        let sleeper = Sleeper()
        defer { sleeper.stop() }
        let id = sleeper.threadID
        sleeper.waitUntilAsleep()
        let before = ThreadSchedule.threads(excluding: [ThreadSchedule.currentThreadID()])
        #expect(before.slices[id] != nil, "the thread is one of the process's others")
        #expect(before.slices[ThreadSchedule.currentThreadID()] == nil)
        sleeper.wake()
        #expect(
            ThreadSchedule.threads(excluding: [ThreadSchedule.currentThreadID()]).scheduled(since: before).contains(id))
    }

    @Test("a thread asleep throughout was not scheduled; one started since was")
    func asleep() {
        let sleeper = Sleeper()
        defer { sleeper.stop() }
        let id = sleeper.threadID
        sleeper.wake()
        sleeper.waitUntilAsleep()
        let before = ThreadSchedule.threads(excluding: [ThreadSchedule.currentThreadID()])
        #expect(
            !ThreadSchedule.threads(excluding: [ThreadSchedule.currentThreadID()]).scheduled(since: before).contains(id)
        )
        let started = ThreadSchedule(slices: [:])
        #expect(before.scheduled(since: started).contains(id))
    }

    @Test("a thread that ended in between was scheduled: it ran to its exit")
    func ended() {
        let earlier = ThreadSchedule(slices: [7: 3, 9: 5])
        let later = ThreadSchedule(slices: [7: 3, 11: 1])
        #expect(later.scheduled(since: earlier) == [9, 11])
        #expect(later.ended(since: earlier) == [9])
        #expect(later.scheduled(since: later).isEmpty)
        #expect(later.ended(since: later).isEmpty)
    }

    @Test("a counter finds the threads left by earlier work that ended in a region, and only those")
    func endedAfterARegion() {
        let notCounted = [ThreadSchedule.currentThreadID()]
        let staying = Sleeper()
        defer { staying.stop() }
        let ending = Sleeper()
        let stayingID = staying.threadID
        let endingID = ending.threadID
        ending.waitUntilAsleep()
        let roundStart = ThreadSchedule.threads(excluding: notCounted)
        let before = ThreadSchedule.threads(excluding: notCounted)
        #expect(before.slices[endingID] != nil)
        ending.stop()
        while ThreadSchedule.threadIDs().contains(endingID) { usleep(1_000) }
        func ended(among scheduled: [Int32], idleSince start: ThreadSchedule?) -> Int {
            InstructionCounter.threadsEnded(among: scheduled, since: before, idleSince: start, excluding: notCounted)
        }
        #expect(ended(among: [stayingID, endingID], idleSince: roundStart) == 1)
        #expect(ended(among: [stayingID, endingID], idleSince: nil) == 1)
        #expect(ended(among: [stayingID], idleSince: roundStart) == 0)
        #expect(ended(among: [], idleSince: roundStart) == 0)
        // A thread the round itself ran (its slices moved, or it started) ends as its work goes.
        var ranInRound = roundStart
        ranInRound.slices[endingID] = (roundStart.slices[endingID] ?? 0) &- 1
        #expect(ended(among: [stayingID, endingID], idleSince: ranInRound) == 0)
        ranInRound.slices[endingID] = nil
        #expect(ended(among: [stayingID, endingID], idleSince: ranInRound) == 0)
    }
}
