import Dispatch
import Instrumentation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The main thread's queue of work from other threads, as an app's run loop
/// drains `DispatchQueue.main` at the start of each frame.
///
/// The thread that creates the queue is its main thread. Other threads
/// enqueue work; the main thread runs it when it drains the queue, in the
/// order it was enqueued. A store whose objects belong to the main thread
/// sends its changes here, and a screen living on the main thread hops here
/// from an observer called elsewhere.
public final class MainQueue: Sendable {
    @usableFromInline let mainThread = pthread_self()
    /// Work queued by any thread, behind the queue's lock.
    private let pending = InstrumentedLockedValue<[@Sendable () -> Void]>([], site: .mainQueue)
    /// What only the main thread touches: the batch it is running, and how
    /// many items it has run.
    private let mainSide: ThreadBound<MainSide>

    private struct MainSide {
        var draining: [@Sendable () -> Void] = []
        var itemsRun = 0
    }
    /// Set while the main thread sleeps in `serve(until:)`; whoever clears
    /// it signals `wakeUp`.
    private let sleeping = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)
    /// Runs `work` on the main thread and waits for it, as
    /// `DispatchQueue.main.sync` does: at once when called there, otherwise
    /// at the main thread's next drain, the caller blocked until then.
    public func runAndWait<T, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> T
    ) throws(Failure) -> T {
        if isMainThread { return try work() }
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox<T, Failure>()
        enqueue {
            result.value = Result { () throws(Failure) -> T in try work() }
            done.signal()
        }
        done.wait()
        return try result.value!.get()
    }

    /// Work items run by `drain()` so far. Main thread only.
    public var itemsRun: Int { mainSide.value.itemsRun }

    /// A queue whose main thread is the calling thread.
    public init() {
        mainSide = ThreadBound(MainSide(), boundTo: mainThread)
    }

    /// Whether the calling thread is this queue's main thread.
    @inlinable
    public var isMainThread: Bool { isMain(pthread_self()) }

    @usableFromInline
    func isMain(_ thread: pthread_t) -> Bool { pthread_equal(thread, mainThread) != 0 }

    /// Runs `work` on the main thread: at once when called there, otherwise
    /// at the main thread's next drain.
    @inlinable
    public func run(_ work: @escaping @Sendable () -> Void) {
        if isMainThread {
            work()
        } else {
            enqueue(work)
        }
    }

    /// Queues `work` for the main thread's next drain, from any thread.
    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        pending.withLock { $0.append(work) }
        wake()
    }

    /// Wakes the main thread if it sleeps in `serve(until:)`, so it looks
    /// again (a run loop's wake-up): for a thread whose work ends without
    /// queueing anything.
    public func wake() {
        if sleeping.exchange(false, ordering: .acquiringAndReleasing) { wakeUp.signal() }
    }

    /// Serves the queue until `done()` holds: runs what is queued, and
    /// sleeps while nothing is, until work arrives or `wake()` is called, as
    /// a run loop sleeps between events. Returns how many items ran. Call on
    /// the main thread.
    @discardableResult
    public func serve(until done: () -> Bool) -> Int {
        var ran = drain()
        while !done() {
            sleeping.store(true, ordering: .sequentiallyConsistent)
            // Work queued, or `done` turned, after the looks above and
            // before `sleeping` was set woke no one: look once more.
            if pendingCount == 0 && !done() { wakeUp.wait() }
            // A wake-up that found no sleeper leaves the semaphore raised:
            // the next wait returns at once and the loop looks again.
            _ = sleeping.exchange(false, ordering: .acquiringAndReleasing)
            ran += drain()
        }
        return ran
    }

    /// Work waiting for the main thread.
    public var pendingCount: Int { pending.withLock { $0.count } }

    /// Frees the storage the queue kept from its longest backlog, when nothing
    /// is queued: how long that backlog grew depends on how the threads
    /// interleaved, and a heap reading would count it. `DispatchQueue.main`
    /// keeps no such buffer. Call on the main thread.
    public func releaseCapacity() {
        pending.withLock { if $0.isEmpty { $0 = [] } }
        mainSide.value.draining = []
    }

    /// Runs everything queued, in order, work queued meanwhile included;
    /// returns how many items ran. Call on the main thread.
    @discardableResult
    public func drain() -> Int {
        var ran = 0
        // Taken out for the batch: work may queue more, or drain, meanwhile.
        var draining = mainSide.value.draining
        mainSide.value.draining = []
        while true {
            pending.withLock { swap(&$0, &draining) }
            guard !draining.isEmpty else { break }
            for work in draining { work() }
            ran += draining.count
            draining.removeAll(keepingCapacity: true)
        }
        mainSide.value.draining = draining
        mainSide.value.itemsRun += ran
        return ran
    }
}

/// A result handed from the main thread to the thread waiting for it; the
/// semaphore orders the write before the read. An owner with a lock would
/// allocate the lock too, on every read a background thread hops for.
private final class ResultBox<T, Failure: Error>: @unchecked Sendable {
    // @unchecked: written once on the main thread before `done.signal()`,
    // read once after `done.wait()`.
    var value: Result<T, Failure>?
}
