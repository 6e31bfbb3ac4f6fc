import Synchronization

/// Set from a signal handler to stop a run between rounds.
package final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    package init() {}

    package func cancel() { flag.store(true, ordering: .relaxed) }
    package var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
