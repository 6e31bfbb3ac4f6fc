import ArgumentParser
import BenchApp

/// `bench soak`: every store on every core, checked against a serial replay.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Hammer each store with mixed work on every core for a while, then check nothing was lost.",
        discussion: """
            Every thread writes its own partition of the graph (partial updates, tag renames, small \
            batches) and reads, opens screens and purges anywhere. Afterwards the same writes are \
            applied serially to a fresh store: the soaked state must equal it, the change counts must \
            match, every long-lived screen must show the final state and no observer may be left. \
            A store that keeps dead observers until a periodic clean-up (snapshot-listened, as the \
            consistency manager does) is soaked for at most 2 s: each screen opened scans every one \
            opened before it. Exit 0 when every store passes, 1 when one does not.

            Examples:
              bench soak                      10 s per store, one thread per core (at least 2)
              bench soak --seconds 300 --threads 8
              bench soak --store snapshot-flat --seconds 60
            """
    )

    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "Soak only this store; repeat for several (\(Listing.storeNames.joined(separator: ", "))).",
            valueName: "name"))
    var stores: [String] = []

    @Option(help: "Seconds each store is soaked for (1...3600).")
    var seconds: Double = 10

    @Option(help: "Threads working at once (1...64); default: one per core, at least 2.")
    var threads: Int?

    @Option(help: "Seed of the generated graph and of every thread's operations.")
    var seed: UInt64 = 42

    var soak: SoakRun { SoakRun(stores: stores, seconds: seconds, threads: threads, seed: seed) }

    func validate() throws {
        guard SoakRun.secondsRange.contains(seconds) else {
            throw ValidationError("--seconds must be between 1 and 3600, got \(seconds)")
        }
        if let threads, !SoakRun.threadsRange.contains(threads) {
            throw ValidationError("--threads must be between 1 and 64, got \(threads)")
        }
    }

    func run() throws {
        try soak.run()
    }
}
