/// How a store is set up. Each store reads the settings that apply to its
/// design and ignores the rest, so the driver can vary them without knowing
/// which store it runs.
public struct StoreConfiguration: Sendable {
    /// When a weak table removes entries whose objects have died.
    public var purgePolicy: PurgePolicy
    /// How reading a row of a shared mutable object is locked.
    public var rowLocking: RowLocking
    /// The main thread's queue, for a store whose objects belong to the main
    /// thread: its changes go there. By default the creating thread's.
    public var mainQueue: MainQueue

    public init(
        purgePolicy: PurgePolicy = .onDoubling, rowLocking: RowLocking = .perObject,
        mainQueue: MainQueue = MainQueue()
    ) {
        self.purgePolicy = purgePolicy
        self.rowLocking = rowLocking
        self.mainQueue = mainQueue
    }
}

/// When a weak table removes entries whose objects have died.
///
/// A lookup that finds a dead entry always reuses it; the policy governs the
/// entries nobody looks up again. A sweep visits every entry (O(table)).
public enum PurgePolicy: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Only an explicit `purge()` sweeps: the cheapest writes, and dead
    /// entries pile up until someone asks.
    case manual
    /// Sweep after every `insertions` new entries: O(table / insertions)
    /// per insertion. Small values keep the table tight and cost CPU.
    case every(insertions: Int)
    /// Sweep when the table has doubled since the last sweep, as a hash table
    /// rehashes on growth: amortized O(1) per insertion, at most half dead.
    case onDoubling

    public var description: String {
        switch self {
        case .manual: "manual"
        case .every(let insertions): "every \(insertions) insertions"
        case .onDoubling: "on doubling"
        }
    }
}
/// How a row read of a shared mutable object is locked.
public enum RowLocking: String, Hashable, Sendable, Codable, CaseIterable {
    /// Lock each object once for all the fields a row shows from it: a row
    /// never mixes two versions of one object.
    case perObject
    /// Lock for each field separately, like atomic properties: cheaper hold
    /// times, but a row can mix versions of one object (a torn read).
    case perField
}
