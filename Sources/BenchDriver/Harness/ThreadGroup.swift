import BenchMetrics
import Foundation
import Instrumentation
import StoreInterface

/// Threads with roles, started together on a barrier, each measured on its
/// own, as JMH's thread groups: a writer, background readers, and the main
/// thread on the caller.
@usableFromInline struct ThreadRole: Sendable {
    /// What a role's threads do in a round; a round's reports are keyed by it.
    @usableFromInline enum Kind: Hashable, Sendable {
        /// The round's main thread: frames, main-thread stores, observers.
        case main
        /// Applies the server's batches.
        case writer
        /// Reads rows in the background.
        case reader
        /// One of the soak's threads, each running every kind of operation.
        case soakWorker
    }

    public let kind: Kind
    public let threads: Int
    /// Runs on each thread of the role; the argument is the thread's index
    /// within its role.
    public let body: @Sendable (Int) -> Void

    public init(_ kind: Kind, threads: Int = 1, _ body: @escaping @Sendable (Int) -> Void) {
        self.kind = kind
        self.threads = threads
        self.body = body
    }
}

@usableFromInline enum ThreadGroup {
    /// Runs every role's threads at once and returns each role's reports,
    /// one per thread. `main`, when given, runs on the calling thread (the
    /// round's main thread), started with the others and measured the same
    /// way. Returns when every thread has finished; meanwhile the caller
    /// keeps draining `mainQueue`, as a main thread's run loop goes on, so a
    /// thread that waits for the main thread (a main-thread store it hops
    /// to) always finishes.
    public static func run(
        _ roles: [ThreadRole], onCaller main: ThreadRole? = nil, draining mainQueue: MainQueue? = nil,
        countsAllocations: Bool
    ) -> [ThreadRole.Kind: [ThreadReport]] {
        let total = roles.reduce(0) { $0 + $1.threads }
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let reports = LockedValue<[ThreadRole.Kind: [ThreadReport]]>([:])
        for role in roles {
            for index in 0..<role.threads {
                done.enter()
                let thread = Thread {
                    let report = measured(
                        countsAllocations,
                        whenReady: {
                            ready.signal()
                            go.wait()
                        }
                    ) { role.body(index) }
                    reports.withLock { $0[role.kind, default: []].append(report) }
                    done.leave()
                }
                thread.stackSize = 8 << 20
                thread.start()
            }
        }
        for _ in 0..<total { ready.wait() }
        if let main {
            let report = measured(countsAllocations, whenReady: { for _ in 0..<total { go.signal() } }) { main.body(0) }
            reports.withLock { $0[main.kind, default: []].append(report) }
        } else {
            for _ in 0..<total { go.signal() }
        }
        if let mainQueue {
            while done.wait(timeout: .now() + .milliseconds(1)) == .timedOut { mainQueue.drain() }
        } else {
            done.wait()
        }
        return reports.withLock { $0 }
    }

    /// Runs `body` on the calling thread with its allocations, locks and
    /// kernel accounting measured; `whenReady` runs once measuring is set up.
    private static func measured(
        _ countsAllocations: Bool, whenReady: () -> Void, _ body: () -> Void
    ) -> ThreadReport {
        let measurement = countsAllocations ? try? ThreadMeasurement() : nil
        let locks = measurement == nil ? ThreadLockRecorder() : nil
        locks?.install()
        whenReady()
        try? measurement?.start()
        let usage = ThreadUsage.current()
        body()
        var report = (try? measurement?.stop()) ?? ThreadReport()
        if let locks { report.locks = locks.tallies }
        report.usage = ThreadUsage.current().since(usage)
        measurement?.finish()
        locks?.uninstall()
        return report
    }
}

extension Array where Element == ThreadReport {
    /// The role's threads added together.
    @usableFromInline var combined: ThreadReport {
        reduce(into: ThreadReport()) { $0.add($1) }
    }
}
