/// What one merge, edit or delete did. Deterministic for a given store state
/// and input, so the benchmark can gate on these counts exactly.
public struct ChangeSummary: Hashable, Sendable, Codable {
    /// Models created.
    public var inserted = 0
    /// Models whose own fields or relationships changed.
    public var updated = 0
    /// Payloads that changed nothing and were short-circuited.
    public var unchanged = 0
    /// Parents rebuilt because a model they embed changed (snapshot design).
    public var propagated = 0
    /// Models deleted, directly or by cascade.
    public var deleted = 0
    /// Observer callbacks scheduled.
    public var notifications = 0

    public init() {}

    public static func + (lhs: ChangeSummary, rhs: ChangeSummary) -> ChangeSummary {
        var sum = lhs
        sum += rhs
        return sum
    }

    public static func += (lhs: inout ChangeSummary, rhs: ChangeSummary) {
        lhs.inserted += rhs.inserted
        lhs.updated += rhs.updated
        lhs.unchanged += rhs.unchanged
        lhs.propagated += rhs.propagated
        lhs.deleted += rhs.deleted
        lhs.notifications += rhs.notifications
    }
}
