import Synchronization

/// Set from a signal handler to stop a run between rounds.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func cancel() { flag.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
