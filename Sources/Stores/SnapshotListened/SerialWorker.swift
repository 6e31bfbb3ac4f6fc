import Instrumentation

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
final class SerialWorker: Sendable {
    /// The tasks waiting, in a ring from `head`, and whether to stop.
    private struct Ring {
        var capacity = 4_096
        var tasks: UnsafeMutablePointer<(@Sendable () -> Void)?>
        var head = 0
        var count = 0
        var stopped = false
        var thread = pthread_t()

        init() {
            tasks = .allocate(capacity: capacity)
            tasks.initialize(repeating: nil, count: capacity)
        }

        /// Doubles the ring, its tasks in order from index 0.
        mutating func grow() {
            let larger = UnsafeMutablePointer<(@Sendable () -> Void)?>.allocate(capacity: capacity * 2)
            for index in 0..<count {
                (larger + index).initialize(to: (tasks + (head + index) % capacity).move())
            }
            (larger + count).initialize(repeating: nil, count: capacity * 2 - count)
            tasks.deallocate()
            tasks = larger
            head = 0
            capacity *= 2
        }
    }

    private let ring = LockedCondition(Ring())
    /// Called on the worker after each task has run and been released, so
    /// that whoever waits for the queue to empty finds nothing it captured
    /// still alive.
    private let afterEach: @Sendable () -> Void

    init(afterEach: @escaping @Sendable () -> Void) {
        self.afterEach = afterEach
        // The thread holds the worker until its loop ends.
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                let worker = Unmanaged<SerialWorker>.fromOpaque(context!).takeRetainedValue()
                worker.run()
                return nil
            }, context)
        precondition(created == 0, "cannot start the consistency manager's thread: error \(created)")
        ring.withLock { $0.thread = thread }
    }

    deinit {
        ring.withLock { ring in
            ring.tasks.deinitialize(count: ring.capacity)
            ring.tasks.deallocate()
        }
    }

    /// The worker's thread, where every task runs.
    var thread: pthread_t { ring.withLock { $0.thread } }

    /// Queues `task` behind every task submitted before it.
    /// - Complexity: O(1), amortized over the ring's doublings.
    func submit(_ task: @escaping @Sendable () -> Void) {
        ring.withLock(waking: .one) { ring in
            if ring.count == ring.capacity { ring.grow() }
            ring.tasks[(ring.head + ring.count) % ring.capacity] = task
            ring.count += 1
        }
    }

    /// Ends the worker's thread once the tasks queued so far have run, and
    /// waits for it to exit, unless called on that thread (a task that let go
    /// of the worker's last owner), which then ends on its own.
    func stop() {
        let thread = ring.withLock(waking: .one) { ring in
            ring.stopped = true
            return ring.thread
        }
        if pthread_equal(pthread_self(), thread) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    private func run() {
        while true {
            var next: (@Sendable () -> Void)? = ring.withLock(when: { $0.count > 0 || $0.stopped }) { ring in
                guard ring.count > 0 else { return nil }
                let task = ring.tasks[ring.head]
                ring.tasks[ring.head] = nil
                ring.head = (ring.head + 1) % ring.capacity
                ring.count -= 1
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
