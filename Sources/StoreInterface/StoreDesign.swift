/// What a store is, for the people reading its results: which design, from
/// which systems, and the contract it keeps.
public struct StoreDesign: Hashable, Sendable, Codable {
    /// A short, stable name for tables and the command line, "uniquing-main".
    public let name: String
    public let family: DesignFamily
    public let threading: StoreThreading
    /// One line: the design and the systems that build it this way.
    public let summary: String
    /// Whether displaying a row goes through the store (its lock, its
    /// tables), not only through what the screen holds: then drawing a row
    /// is store work.
    public let rowsReadTheStore: Bool

    public init(name: String, family: DesignFamily, threading: StoreThreading, summary: String,
                rowsReadTheStore: Bool = false) {
        self.name = name
        self.family = family
        self.threading = threading
        self.summary = summary
        self.rowsReadTheStore = rowsReadTheStore
    }
}

/// The two families of design the suite compares.
public enum DesignFamily: String, Hashable, Sendable, Codable, CaseIterable {
    /// One live, mutable object per id, changed in place (uniquing).
    case liveObjects = "live objects"
    /// Immutable values, replaced on every change.
    case values = "immutable values"
}

/// Where a store may be used from.
public enum StoreThreading: String, Hashable, Sendable, Codable {
    /// Every method from any thread; observers run on the writing thread.
    case anyThread = "any thread"
    /// Handles belong to the main thread of the store's `MainQueue`: look
    /// models up, hold them and display them there only. Writes may come from
    /// any thread; their effect on the main thread's objects, and the
    /// observers, run on the main thread. Other threads read through
    /// `readRow(of:into:)`, the store's background path.
    case mainThread = "main thread"
}
