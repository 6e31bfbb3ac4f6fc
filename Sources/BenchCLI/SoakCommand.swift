import ArgumentParser
import BenchDriver
import Foundation

struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Hammer each store with mixed work on every core for a while, then check nothing was lost.",
        discussion: """
        Every thread writes its own partition of the graph (partial updates, tag renames, small \\
        batches) and reads, opens screens and purges anywhere. Afterwards the same writes are \\
        applied serially to a fresh store: the soaked state must equal it, the change counts must \\
        match, every long-lived screen must show the final state and no observer may be left. \\
        Exit 0 when every store passes, 1 when one does not. Takes bench's own --store and \
        --seed.

        Examples:
          bench soak                      10 s per store, one thread per core (at least 2)
          bench soak --seconds 300 --threads 8
          bench --store snapshot-flat soak --seconds 60
        """
    )

    @Option(help: "Seconds each store is soaked for (1...3600).")
    var seconds: Double = 10

    @Option(help: "Threads working at once (1...64); default: one per core, at least 2.")
    var threads: Int?

    @ParentCommand var bench: BenchCommand

    func validate() throws {
        guard (1...3600).contains(seconds) else {
            throw ValidationError("--seconds must be between 1 and 3600, got \(seconds)")
        }
        if let threads, !(1...64).contains(threads) {
            throw ValidationError("--threads must be between 1 and 64, got \(threads)")
        }
    }

    func run() throws {
        let plan = SoakPlan(
            seconds: seconds, threads: threads ?? max(2, ProcessInfo.processInfo.activeProcessorCount),
            seed: bench.options.seed)
        var failed: [String] = []
        for store in try StoreSelection.select(bench.options.stores) {
            FileHandle.standardError.write(Data("bench: soaking \(store.name) for \(plan.seconds) s on \(plan.threads) threads\n".utf8))
            let outcome: SoakOutcome
            do {
                outcome = try Interruption.shared.whileRunning(
                    stopping: "stopping the soak; the writes done so far will be checked"
                ) {
                    try store.soak(plan, cancellation: Interruption.shared.flag)
                }
            } catch {
                throw CommandFailure.failure("soak of \(store.name) failed: \(error)")
            }
            print(Self.describe(outcome))
            if !outcome.isConsistent { failed.append(store.name) }
            if outcome.wasInterrupted { break }
        }
        if Interruption.shared.flag.isCancelled {
            throw CommandFailure.failure("interrupted; the writes done until then were checked above"
                + (failed.isEmpty ? " and nothing was lost" : ", and \(failed.joined(separator: ", ")) lost some"))
        }
        if !failed.isEmpty {
            throw CommandFailure.failure("soak found lost or extra work in: \(failed.joined(separator: ", "))")
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
