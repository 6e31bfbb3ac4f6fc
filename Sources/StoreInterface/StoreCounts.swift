/// How much a store holds right now.
public struct StoreCounts: Hashable, Sendable, Codable {
    /// Models the store knows, alive in memory as objects or not.
    public var models = 0
    /// Models a screen could be holding: live objects (uniquing design) or
    /// cached snapshots (snapshot design).
    public var live = 0
    /// Entries in a weak table, dead ones not yet purged included; 0 for a
    /// store without one.
    public var tableEntries = 0
    /// Registered observers.
    public var observers = 0
    /// Live objects built from stored data since the store was created
    /// (lookups that missed the weak table); 0 for a store without one.
    public var materialized = 0
    /// Dead weak-table entries removed since the store was created.
    public var purged = 0
    /// Live objects changed on the main thread by writes made on other
    /// threads (a main-confined store's merge into the main context).
    public var refreshedOnMain = 0

    public init() {}
}
