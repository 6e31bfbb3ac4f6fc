import BenchDriver
import Foundation

/// Every selected store soaked in turn (see `Soak`): mixed work on every
/// core, then a serial replay that must agree.
public struct SoakRun: Sendable {
    /// Store names as typed; every store when empty.
    public var stores: [String]
    public var seconds: Double
    /// Threads at once; one per core (at least 2) when nil.
    public var threads: Int?
    public var seed: UInt64

    public static let secondsRange: ClosedRange<Double> = 1...3600
    public static let threadsRange: ClosedRange<Int> = 1...64
    /// The longest soak of a store that keeps dead observers
    /// (`StoreDesign.keepsDeadObservers`): every screen the soak opens scans
    /// those of every screen before it, so its soak's time grows with the
    /// square of its length, and a few seconds already open more screens
    /// than an app does between two of the store's clean-ups.
    public static let secondsKeepingDeadObservers = 2.0

    public init(stores: [String] = [], seconds: Double = 10, threads: Int? = nil, seed: UInt64 = 42) {
        self.stores = stores
        self.seconds = seconds
        self.threads = threads
        self.seed = seed
    }

    /// Soaks each store, printing what it found; throws when a store lost or
    /// added work, or when interrupted.
    public func run() throws(BenchFailure) {
        guard Self.secondsRange.contains(seconds) else {
            throw .usage("--seconds must be between 1 and 3600, got \(seconds)")
        }
        if let threads, !Self.threadsRange.contains(threads) {
            throw .usage("--threads must be between 1 and 64, got \(threads)")
        }
        let selected = try StoreSelection.select(stores)
        let asked = SoakPlan(
            seconds: seconds, threads: threads ?? max(2, ProcessInfo.processInfo.activeProcessorCount), seed: seed)
        var failed: [String] = []
        for store in selected {
            var plan = asked
            var why = ""
            if store.design.keepsDeadObservers && plan.seconds > Self.secondsKeepingDeadObservers {
                plan.seconds = Self.secondsKeepingDeadObservers
                why = " (it keeps dead observers until a clean-up: its soak's work grows with the square of its length)"
            }
            FileHandle.standardError.write(
                Data("bench: soaking \(store.name) for \(plan.seconds) s on \(plan.threads) threads\(why)\n".utf8))
            let outcome: SoakOutcome
            do {
                outcome = try Interruption.shared.whileRunning(
                    stopping: "stopping the soak; the writes done so far will be checked"
                ) {
                    try store.soak(plan, cancellation: Interruption.shared.flag)
                }
            } catch {
                throw .failure("soak of \(store.name) failed: \(error)")
            }
            print(Self.describe(outcome))
            if !outcome.isConsistent { failed.append(store.name) }
            if outcome.wasInterrupted { break }
        }
        if Interruption.shared.flag.isCancelled {
            throw .failure(
                "interrupted; the writes done until then were checked above"
                    + (failed.isEmpty ? " and nothing was lost" : ", and \(failed.joined(separator: ", ")) lost some"))
        }
        if !failed.isEmpty {
            throw .failure("soak found lost or extra work in: \(failed.joined(separator: ", "))")
        }
    }

    static func describe(_ outcome: SoakOutcome) -> String {
        let verdict = outcome.isConsistent ? "nothing lost" : "INCONSISTENT"
        let lines = [
            "\(outcome.store): \(verdict) — \(outcome.writes) writes (\(outcome.writesPerThread.map(String.init).joined(separator: " + ")) by thread), "
                + "\(outcome.reads) rows read, \(outcome.screens) screens opened and closed, \(outcome.purges) purges "
                + "in \(String(format: "%.1f", outcome.seconds)) s" + (outcome.wasInterrupted ? " (interrupted)" : ""),
            "  serial replay: state \(outcome.stateDifference.map { "differs: \($0.prefix(200))…" } ?? "equal"); "
                + "changes (inserted, updated, unchanged) \(outcome.concurrentChanges) concurrently, \(outcome.serialChanges) serially",
            "  long-lived screens showing an old value: \(outcome.staleScreens); observers left: \(outcome.observersLeft); failed writes: \(outcome.failures)",
        ]
        return lines.joined(separator: "\n")
    }
}
