import ArgumentParser
import BenchApp

/// `bench list`: what can be measured.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the stores, the scenarios, their parameters and their values per profile."
    )

    func run() {
        print(Catalog.listing)
    }
}
