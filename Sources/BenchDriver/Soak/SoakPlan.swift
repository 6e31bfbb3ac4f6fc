import ModelGraph

/// How long and how wide a soak runs.
public struct SoakPlan: Sendable, Hashable {
    /// Wall time each store is soaked for, unless interrupted.
    public var seconds: Double
    /// Threads hammering the store at once; each writes its own partition.
    public var threads: Int
    public var seed: UInt64
    public var shape: GraphShape

    /// A graph big enough that the weak table churns, small enough that the
    /// serial replay after a long soak stays quick.
    @usableFromInline static let standardShape = GraphShape(
        users: 2_000, tags: 200, notes: 4_000, tagsPerNote: 3,
        threads: 100, participantsPerMessage: 3, repliesPerMessage: 2, threadDepth: 2)

    public init(seconds: Double, threads: Int, seed: UInt64, shape: GraphShape = SoakPlan.standardShape) {
        self.seconds = seconds
        self.threads = threads
        self.seed = seed
        self.shape = shape
    }
}

/// What one store did in a soak, and whether it ended where it should.
public struct SoakOutcome: Sendable {
    public let store: String
    /// How long the threads worked: the plan's time, or less if interrupted.
    public let seconds: Double
    public let wasInterrupted: Bool
    /// Writes applied by each thread (patches and batches), in thread order.
    public let writesPerThread: [Int]
    /// Lookups whose rows were displayed, on every thread.
    public let reads: Int
    /// Screens opened and closed while writes ran.
    public let screens: Int
    /// Weak-table purges run by the threads (0 effect on a store without one).
    public let purges: Int
    /// Writes that threw: there should be none.
    public let failures: Int
    /// Where the soaked state first differs from the serial replay's, if it does.
    public let stateDifference: String?
    /// Change counts (inserted, updated, unchanged) concurrently and serially.
    public let concurrentChanges: [Int]
    public let serialChanges: [Int]
    /// Long-lived screens whose last handle did not display what the store does now.
    public let staleScreens: Int
    /// Observers still registered after every screen closed.
    public let observersLeft: Int

    public var writes: Int { writesPerThread.reduce(0, +) }

    /// Nothing lost, nothing extra, nothing left behind.
    public var isConsistent: Bool {
        failures == 0 && stateDifference == nil && concurrentChanges == serialChanges
            && staleScreens == 0 && observersLeft == 0
    }
}
