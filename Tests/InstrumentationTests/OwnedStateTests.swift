import Foundation
import Instrumentation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("State its lock or its thread owns")
struct OwnedStateTests {
    @Test("threads adding under LockedValue lose no update")
    func lockedValueSerializes() {
        let total = LockedValue(0)
        runOnThreads(4) { _ in
            for _ in 0..<10_000 { total.withLock { $0 += 1 } }
        }
        #expect(total.withLock { $0 } == 40_000)
    }

    @Test("InstrumentedLockedValue counts each acquisition at its site")
    func instrumentedValueCounts() {
        let value = InstrumentedLockedValue([Int](), site: .observers)
        let recorder = ThreadLockRecorder()
        recorder.recording {
            for number in 0..<100 { value.withLock { $0.append(number) } }
        }
        #expect(recorder[.observers].acquisitions == 100)
        #expect(recorder[.storeState].acquisitions == 0)
        #expect(value.withLock { $0.count } == 100)
    }

    @Test("a LockedCondition waiter wakes when the change it waits for is made")
    func conditionWakesWaiter() {
        let turn = LockedCondition(0)
        let seen = LockedValue<[Int]>([])
        runOnThreads(2) { thread in
            if thread == 0 {
                for step in 0..<100 {
                    turn.withLock(when: { $0 == 2 * step }) { _ in }
                    turn.withLock(waking: .all) { $0 += 1 }
                }
            } else {
                for step in 0..<100 {
                    let value = turn.withLock(when: { $0 == 2 * step + 1 }) { $0 }
                    seen.withLock { $0.append(value) }
                    turn.withLock(waking: .all) { $0 += 1 }
                }
            }
        }
        #expect(seen.withLock { $0 } == (0..<100).map { 2 * $0 + 1 })
        #expect(turn.withLock { $0 } == 200)
    }

    @Test("a timed wait with nobody to wake it returns, not ready; a ready value does not wait")
    func timedWaitExpires() {
        let flag = LockedCondition(false)
        #expect(!flag.withLock(unless: { $0 }, waitingOnceAtMost: 2_000_000) { $0 })
        flag.withLock(waking: .one) { $0 = true }
        #expect(flag.withLock(unless: { $0 }, waitingOnceAtMost: 60_000_000_000) { $0 })
    }

    @Test("a ThreadBound value is read and changed on its thread")
    func threadBoundOnItsThread() {
        let bound = ThreadBound([1, 2], boundTo: pthread_self())
        bound.value.append(3)
        #expect(bound.value == [1, 2, 3])
        #expect(bound.isOnThread)
    }

    @Test("a ThreadBound value touched on another thread traps, in every build")
    func threadBoundTrapsElsewhere() async {
        await #expect(processExitsWith: .failure) {
            let bound = ThreadBound(0, boundTo: pthread_self())
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                bound.value += 1
                done.signal()
            }
            thread.start()
            done.wait()
        }
    }
}
