import ArgumentParser
import BenchApp

/// CI's check that main-thread confinement holds in a release build.
struct TouchOffMainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch-off-main",
        abstract: "Look a model up off the main thread in a main-confined store, which must trap (run by CI).",
        discussion: """
            With --store, the process should die on the store's thread check; it exits 1 if the lookup \
            returns. Without it, prints the stores confined to their main thread, one per line.
            """,
        shouldDisplay: false
    )

    @Option(name: .customLong("store"), help: ArgumentHelp("The main-confined store to touch.", valueName: "name"))
    var store: String?

    func run() throws {
        guard let store else {
            print(ConfinementCheck.confinedStores.joined(separator: "\n"))
            return
        }
        try ConfinementCheck.touchOffMain(store)
    }
}
