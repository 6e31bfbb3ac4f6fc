import Foundation

/// Runs `body(index)` on `count` real threads (not a task pool) that start
/// together, and returns when all have finished.
public func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            start.wait()
            body(index)
            done.leave()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    done.wait()
}
