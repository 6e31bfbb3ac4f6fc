import Foundation

/// The thread that plays the app's main thread for every benchmark.
///
/// The runner calls benchmarks from whichever thread of the concurrency pool
/// it is on, but a main-confined store's objects belong to the thread that
/// created its main queue, and a write from any other thread is queued for
/// that thread. So every store is built here and every measured loop runs
/// here, the same for every store; the hand-off itself lies outside the
/// measurement (`counted` starts and stops it on this thread).
final class MainThread: @unchecked Sendable {
    // @unchecked: `job` is written before `work` is signalled and read after
    // it is waited for; the semaphores order the accesses.
    static let shared = MainThread()

    private let work = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: (() -> Void)?

    private init() {
        let thread = Thread { [unowned self] in
            while true {
                work.wait()
                job?()
                done.signal()
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Runs `body` on the main thread and returns its result.
    func sync<Result>(_ body: () -> Result) -> Result {
        var result: Result?
        withoutActuallyEscaping(body) { body in
            job = { result = body() }
            work.signal()
            done.wait()
            job = nil
        }
        return result!
    }
}
