import ArgumentParser
import BenchApp

/// `bench list`: what can be measured.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the stores, the scenarios, their parameters and their values per profile.",
        discussion: """
        --json prints the same as one JSON object, for scripts: "stores" (name, family, threading, \
        summary, modelledOn, isUpperBound, keepsDeadObservers) and "scenarios" (id, title, origin, \
        parameters with their range and each profile's value, and each profile's case labels).
        """
    )

    @Flag(help: "Print the listing as JSON, for scripts.")
    var json = false

    func run() {
        print(json ? Listing.json : Listing.text)
    }
}
