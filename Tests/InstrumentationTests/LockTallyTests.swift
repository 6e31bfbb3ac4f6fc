import Foundation
import Instrumentation
import Synchronization
import TestSupport
import Testing

@Suite("Lock contention counted per thread")
struct LockTallyTests {
    final class Shared: @unchecked Sendable {
        let lock = InstrumentedLock(site: .storeState)
        var value = 0
    }

    @Test("one thread alone never contends")
    func uncontended() {
        let shared = Shared()
        let recorder = ThreadLockRecorder()
        recorder.recording {
            for _ in 0..<1_000 { shared.lock.withLock { shared.value += 1 } }
        }
        #expect(recorder[.storeState].acquisitions == 1_000)
        #expect(recorder[.storeState].contended == 0)
        #expect(recorder[.storeState].waitNanoseconds == 0)
        #expect(recorder[.modelFields].acquisitions == 0)
    }

    /// One collision, whatever the scheduler does: thread 0 takes the lock
    /// and keeps it until thread 1, running `acquire`, is blocked waiting.
    static func collide(_ thread: Int, on shared: Shared, _ held: DispatchSemaphore, acquire: () -> Void) {
        if thread == 0 {
            shared.lock.lock()
            held.signal()
            waitUntil { shared.lock.hasWaiters() }
            shared.lock.unlock()
        } else {
            held.wait()
            acquire()
        }
    }

    @Test("a thread that finds the lock held counts a contended acquisition and its wait")
    func contendedIsCounted() {
        let shared = Shared()
        let held = DispatchSemaphore(value: 0)
        let tallies = Mutex<LockTally?>(nil)
        runOnThreads(2) { thread in
            Self.collide(thread, on: shared, held) {
                let recorder = ThreadLockRecorder()
                recorder.recording { shared.lock.withLock { shared.value += 1 } }
                tallies.withLock { $0 = recorder[.storeState] }
            }
        }
        let tally = tallies.withLock { $0 }
        #expect(tally?.acquisitions == 1)
        #expect(tally?.contended == 1)
        // It blocked until the holder saw it waiting and let go.
        #expect((tally?.waitNanoseconds ?? 0) > 0)
        #expect(tally?.maxWaitNanoseconds == tally?.waitNanoseconds)
    }

    @Test("two threads fighting over a lock contend; counts add up")
    func fightingThreadsContend() {
        let shared = Shared()
        let perThread = 200_000
        let held = DispatchSemaphore(value: 0)
        let totals = Mutex(LockTally())
        runOnThreads(2) { thread in
            let recorder = ThreadLockRecorder()
            recorder.recording {
                // One acquisition each that is sure to collide, then the fight.
                Self.collide(thread, on: shared, held) { shared.lock.withLock {} }
                for _ in 0..<perThread { shared.lock.withLock { shared.value &+= 1 } }
            }
            totals.withLock { $0.add(recorder[.storeState]) }
        }
        let total = totals.withLock { $0 }
        #expect(total.acquisitions == UInt64(2 * perThread + 2))
        #expect(total.contended >= 1)
        #expect(shared.lock.withLock { shared.value } == 2 * perThread)
    }

    @Test("striped locks count under their own site")
    func stripedLocksCount() {
        let locks = StripedLocks(count: 8, site: .modelFields)
        let recorder = ThreadLockRecorder()
        recorder.recording {
            for key in 0..<100 { locks.withLock(stripe: locks.stripe(for: key)) {} }
        }
        #expect(locks.count == 8)
        #expect(recorder[.modelFields].acquisitions == 100)
        #expect(recorder[.storeState].acquisitions == 0)
    }
}
