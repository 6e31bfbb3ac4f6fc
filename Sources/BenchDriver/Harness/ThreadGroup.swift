import BenchMetrics
import Foundation
import Instrumentation

/// Threads with roles, started together on a barrier, each measured on its
/// own, as JMH's thread groups: a writer, a main thread, background readers.
public struct ThreadRole: Sendable {
    public let name: String
    public let threads: Int
    /// Runs on each thread of the role; the argument is the thread's index
    /// within its role.
    public let body: @Sendable (Int) -> Void

    public init(_ name: String, threads: Int = 1, _ body: @escaping @Sendable (Int) -> Void) {
        self.name = name
        self.threads = threads
        self.body = body
    }
}

public enum ThreadGroup {
    /// Runs every role's threads at once and returns each role's reports,
    /// one per thread. Returns when every thread has finished.
    public static func run(_ roles: [ThreadRole], countsAllocations: Bool) -> [String: [ThreadReport]] {
        let total = roles.reduce(0) { $0 + $1.threads }
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let reports = ReportBox()
        for role in roles {
            for index in 0..<role.threads {
                done.enter()
                let thread = Thread {
                    let measurement = countsAllocations ? try? ThreadMeasurement() : nil
                    let locks = measurement == nil ? ThreadLockRecorder() : nil
                    locks?.install()
                    ready.signal()
                    go.wait()
                    try? measurement?.start()
                    let usage = ThreadUsage.current()
                    role.body(index)
                    var report = (try? measurement?.stop()) ?? ThreadReport()
                    if let locks { report.locks = locks.tallies }
                    report.usage = ThreadUsage.current().since(usage)
                    measurement?.finish()
                    locks?.uninstall()
                    reports.append(role.name, report)
                    done.leave()
                }
                thread.stackSize = 8 << 20
                thread.start()
            }
        }
        for _ in 0..<total { ready.wait() }
        for _ in 0..<total { go.signal() }
        done.wait()
        return reports.byRole
    }
}

/// Collects reports from the group's threads.
private final class ReportBox: @unchecked Sendable {
    // @unchecked: `reports` is accessed only under `lock`.
    private let lock = NSLock()
    private var reports: [String: [ThreadReport]] = [:]

    func append(_ role: String, _ report: ThreadReport) {
        lock.lock()
        reports[role, default: []].append(report)
        lock.unlock()
    }

    var byRole: [String: [ThreadReport]] {
        lock.lock()
        defer { lock.unlock() }
        return reports
    }
}

extension Array where Element == ThreadReport {
    /// The role's threads added together.
    public var combined: ThreadReport {
        reduce(into: ThreadReport()) { $0.add($1) }
    }
}
