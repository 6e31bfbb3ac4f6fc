import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One thread running submitted tasks in order: the consistency manager's
/// serial queue (an `OperationQueue` with `maxConcurrentOperationCount = 1`).
///
/// Not a `DispatchQueue`: what a submission to one allocated depended on how
/// many tasks were waiting (libdispatch's continuation cache), and allocation
/// counts moved between identical rounds. The tasks wait in a ring allocated
/// once and doubled when full, which a measured round does not reach. A
/// submission never blocks on the worker: the main thread submits too, and
/// the worker waits for the main thread (`main.sync`), so a bounded queue
/// that blocked its submitters deadlocked the two.
final class SerialWorker: @unchecked Sendable {
    // @unchecked: `ring`, `capacity`, `head`, `count` and `stopped` are
    // accessed only under `condition`.
    private let condition = NSCondition()
    private var capacity = 4_096
    private var ring: UnsafeMutablePointer<(@Sendable () -> Void)?>
    private var head = 0
    private var count = 0
    private var stopped = false
    private var thread = pthread_t()
    /// Called on the worker after each task has run and been released, so
    /// that whoever waits for the queue to empty finds nothing it captured
    /// still alive.
    private let afterEach: @Sendable () -> Void

    init(afterEach: @escaping @Sendable () -> Void) {
        self.afterEach = afterEach
        ring = .allocate(capacity: capacity)
        ring.initialize(repeating: nil, count: capacity)
        // The thread holds the worker until its loop ends.
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { context in
                let worker = Unmanaged<SerialWorker>.fromOpaque(context!).takeRetainedValue()
                worker.run()
                return nil
            }, context)
        precondition(created == 0, "cannot start the consistency manager's thread: error \(created)")
    }

    deinit {
        ring.deinitialize(count: capacity)
        ring.deallocate()
    }

    /// Queues `task` behind every task submitted before it.
    /// - Complexity: O(1), amortized over the ring's doublings.
    func submit(_ task: @escaping @Sendable () -> Void) {
        condition.withLock {
            if count == capacity { grow() }
            ring[(head + count) % capacity] = task
            count += 1
            condition.signal()
        }
    }

    /// Ends the worker's thread once the tasks queued so far have run, and
    /// waits for it to exit, unless called on that thread (a task that let go
    /// of the worker's last owner), which then ends on its own.
    func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
        if pthread_equal(pthread_self(), thread) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// Doubles the ring, its tasks in order from index 0. Under `condition`.
    private func grow() {
        let larger = UnsafeMutablePointer<(@Sendable () -> Void)?>.allocate(capacity: capacity * 2)
        for index in 0..<count {
            (larger + index).initialize(to: (ring + (head + index) % capacity).move())
        }
        (larger + count).initialize(repeating: nil, count: capacity * 2 - count)
        ring.deallocate()
        ring = larger
        head = 0
        capacity *= 2
    }

    private func run() {
        while true {
            var next: (@Sendable () -> Void)? = condition.withLock {
                while count == 0 && !stopped { condition.wait() }
                guard count > 0 else { return nil }
                let task = ring[head]
                ring[head] = nil
                head = (head + 1) % capacity
                count -= 1
                return task
            }
            guard next != nil else { return }
            // The task and what it captured are released before `afterEach`.
            do {
                let task = next.take()!
                task()
            }
            afterEach()
        }
    }
}
