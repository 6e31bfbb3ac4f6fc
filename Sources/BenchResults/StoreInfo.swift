import StoreTaxonomy

/// What a store is, as a results file records it: enough for a report to
/// group stores by design family, say where each may be used, and set each
/// store's operations beside the floors of what they are built from.
public struct StoreInfo: Hashable, Sendable, Codable {
    public var name: String
    public var family: DesignFamily
    /// Where the store's methods may be called and its observers run.
    public var threading: StoreThreading
    /// One line: the design and the systems that build it this way.
    public var summary: String
    /// The system modelled and the sources of its costs; absent in results
    /// written before it was recorded.
    public var modelledOn: String?
    /// The systems whose design the store follows, whose claims are decided
    /// on it; absent for an upper bound, a library, and in older results.
    public var follows: [SourceSystem]?
    /// Whether the store is an upper bound no app ships as such.
    public var isUpperBound: Bool?
    /// Whether the store is a library used as its documentation asks, not
    /// a model of a design: it speaks for no source's claim, and the suite's
    /// lock counts do not apply to it.
    public var isLibrary: Bool?
    /// What a parent shows once a child it embeds changes on its own; absent
    /// in results written before it was recorded, where every parent showed it.
    public var childChanges: ChildChangeReach?
    /// What each operation a store's floor bounds is built from, by the
    /// operation a metric declares (`MetricDescriptor.bound`): "lookup", "row".
    public var floors: [String: String]

    public init(
        name: String, family: DesignFamily, threading: StoreThreading, summary: String, modelledOn: String? = nil,
        follows: [SourceSystem]? = nil, isUpperBound: Bool? = nil, isLibrary: Bool? = nil,
        childChanges: ChildChangeReach? = nil,
        floors: [String: String]
    ) {
        self.name = name
        self.family = family
        self.threading = threading
        self.summary = summary
        self.modelledOn = modelledOn
        self.follows = follows
        self.isUpperBound = isUpperBound
        self.isLibrary = isLibrary
        self.childChanges = childChanges
        self.floors = floors
    }
}

extension StoreInfo {
    /// Whether a parent keeps the children it was built with, so that a
    /// child's change leaves the rows of its parents' holders as they were.
    public var keepsChildrenAsBuilt: Bool { childChanges == .keptAsBuilt }
}
