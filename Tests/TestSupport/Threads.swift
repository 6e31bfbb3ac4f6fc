import Foundation

/// Runs `body(index)` on `count` real threads (not a task pool) that start
/// together, and returns when all have finished.
public func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    startThreads(count, body).wait()
}

/// Runs `body(index)` on `count` real threads that start together, while
/// the calling thread, an app's main thread, runs `main()` over and over
/// until they have all finished; returns then.
public func runOnThreads(_ count: Int, whileWaiting main: () -> Void, _ body: @escaping @Sendable (Int) -> Void) {
    let done = startThreads(count, body)
    while done.wait(timeout: .now()) == .timedOut { main() }
}

/// Starts `count` threads running `body` together; the group leaves as each ends.
private func startThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
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
    return done
}

/// Waits until `condition` holds, yielding the CPU meanwhile; a test that
/// depends on scheduling waits for what it needs instead of assuming it.
/// Gives up after `seconds` so a broken condition fails instead of hanging;
/// returns whether the condition held.
@discardableResult
public func waitUntil(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(50)
    }
    return true
}
