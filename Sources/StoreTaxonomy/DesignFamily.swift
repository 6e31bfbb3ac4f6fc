/// The two families of design the suite compares.
public enum DesignFamily: String, Hashable, Sendable, Codable, CaseIterable {
    /// One live, mutable object per id, changed in place (uniquing).
    case liveObjects = "live objects"
    /// Immutable values, replaced on every change.
    case values = "immutable values"
}
