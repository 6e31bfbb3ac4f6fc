import Foundation
import Synchronization
import TestSupport
import Testing

@testable import StoreInterface

@Suite("The main queue: work from other threads runs on the main thread, in order")
struct MainQueueTests {
    @Test("the creating thread is the main thread; another thread is not")
    func mainThreadIsTheCreator() {
        let queue = MainQueue()
        #expect(queue.isMainThread)
        let elsewhere = Mutex<Bool?>(nil)
        runOnThreads(1) { _ in elsewhere.withLock { $0 = queue.isMainThread } }
        #expect(elsewhere.withLock { $0 } == false)
    }

    @Test("work enqueued from threads waits for a drain, then runs on the main thread in enqueue order")
    func drainRunsInOrder() {
        let queue = MainQueue()
        let ran = Mutex<[(Int, Bool)]>([])
        runOnThreads(1) { _ in
            for index in 0..<100 {
                queue.run { ran.withLock { $0.append((index, queue.isMainThread)) } }
            }
        }
        #expect(ran.withLock { $0.isEmpty })
        #expect(queue.pendingCount == 100)
        #expect(queue.drain() == 100)
        let order = ran.withLock { $0 }
        #expect(order.map(\.0) == Array(0..<100))
        #expect(order.allSatisfy { $0.1 })
        #expect(queue.itemsRun == 100)
        #expect(queue.drain() == 0)
    }

    @Test("on the main thread, run does the work at once")
    func runOnMainIsImmediate() {
        let queue = MainQueue()
        let ran = Mutex(false)
        queue.run { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
        #expect(queue.pendingCount == 0)
    }
}
