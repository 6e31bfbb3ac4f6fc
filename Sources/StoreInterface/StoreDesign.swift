/// What a store is, for the people reading its results: which design, from
/// which systems, and the contract it keeps.
public struct StoreDesign: Hashable, Sendable, Codable {
    /// A short, stable name for tables and the command line, "uniquing-main".
    public let name: String
    public let family: DesignFamily
    public let threading: StoreThreading
    /// One line: the design and the systems that build it this way.
    public let summary: String
    /// The system this store models and where its costs come from: the
    /// document (author, title) or repository and file for each behaviour
    /// that sets them, as the report shows it.
    public let modelledOn: String
    /// Whether the store is an upper bound no app ships as such (a design
    /// pushed to its limit), which the report labels so.
    public let isUpperBound: Bool
    /// Whether displaying a row goes through the store (its lock, its
    /// tables), not only through what the screen holds: then drawing a row
    /// is store work.
    public let rowsReadTheStore: Bool
    /// Whether observers whose screens went away stay registered until a
    /// periodic clean-up no run lasts long enough to reach, so every screen
    /// opened scans all that were opened before it: the work of a long soak
    /// grows with the square of its length.
    public let keepsDeadObservers: Bool

    public init(name: String, family: DesignFamily, threading: StoreThreading, summary: String,
                modelledOn: String, isUpperBound: Bool = false, rowsReadTheStore: Bool = false,
                keepsDeadObservers: Bool = false) {
        self.name = name
        self.family = family
        self.threading = threading
        self.summary = summary
        self.modelledOn = modelledOn
        self.isUpperBound = isUpperBound
        self.rowsReadTheStore = rowsReadTheStore
        self.keepsDeadObservers = keepsDeadObservers
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
    /// Every method from any thread, handles anywhere; observers run on the
    /// main thread of the store's `MainQueue`, some time after the write
    /// (`ModelStore.settle()` waits for them there).
    case anyThreadObservedOnMain = "any thread, observers on the main thread"

    /// Whether any thread may hold and display the store's handles.
    public var handlesOnAnyThread: Bool { self != .mainThread }
}
