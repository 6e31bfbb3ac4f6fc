import StoreTaxonomy

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
    /// The systems whose design this store follows, whose authors' claims
    /// are decided on it; none for an upper bound and for a library.
    public let follows: Set<SourceSystem>
    /// Whether the store is an upper bound no app ships as such (a design
    /// pushed to its limit), which the report labels so.
    public let isUpperBound: Bool
    /// Whether the store is a library used as its documentation asks, not
    /// this project's model of a system: the report labels it so, it speaks
    /// for no source's claim about a design, and the locks it takes are its
    /// own, so the suite's lock counts (of its instrumented lock) do not
    /// apply to it.
    public let isLibrary: Bool
    /// Whether displaying a row goes through the store (its lock, its
    /// tables), not only through what the screen holds: then drawing a row
    /// is store work.
    public let rowsReadTheStore: Bool
    /// Whether observers whose screens went away stay registered until a
    /// periodic clean-up no run lasts long enough to reach, so every screen
    /// opened scans all that were opened before it: the work of a long soak
    /// grows with the square of its length.
    public let keepsDeadObservers: Bool
    /// How many times fewer of a loop's operations the instruction pass
    /// counts of this store than of the others (1: as many). For a store
    /// whose operations each cost alike, nothing among them amortized over
    /// the others, so that its count per operation does not depend on how
    /// many it counts while each one costs callgrind seconds.
    public let instructionSampleDivisor: Int
    /// What a parent shows once a child it embeds changes on its own.
    public let childChanges: ChildChangeReach

    public init(
        name: String, family: DesignFamily, threading: StoreThreading, summary: String,
        modelledOn: String, follows: Set<SourceSystem> = [], isUpperBound: Bool = false, isLibrary: Bool = false,
        rowsReadTheStore: Bool = false, keepsDeadObservers: Bool = false, instructionSampleDivisor: Int = 1,
        childChanges: ChildChangeReach = .reachesEveryParent
    ) {
        precondition(instructionSampleDivisor >= 1, "\(name): an instruction sample divisor is at least 1")
        precondition(
            follows.isEmpty || !(isUpperBound || isLibrary), "\(name): an upper bound or a library follows no system")
        self.name = name
        self.family = family
        self.threading = threading
        self.summary = summary
        self.modelledOn = modelledOn
        self.follows = follows
        self.isUpperBound = isUpperBound
        self.isLibrary = isLibrary
        self.rowsReadTheStore = rowsReadTheStore
        self.keepsDeadObservers = keepsDeadObservers
        self.instructionSampleDivisor = instructionSampleDivisor
        self.childChanges = childChanges
    }
}
