/// What the parents that embed or refer to a model show once that model
/// changes on its own: the property Pinterest's claim about A, B and C turns
/// on ("If A modifies C, both A and B will see a changed value").
public enum ChildChangeReach: String, Hashable, Sendable, Codable {
    /// Every parent shows the change: one live object seen through every
    /// reference, or snapshots rebuilt, refetched or read through the store.
    case reachesEveryParent = "reaches every parent"
    /// A parent keeps the child as it was built with it until the parent is
    /// itself replaced: a lookup of the parent, and whoever holds it, show
    /// the old child; the child's own observers hear of the change.
    case keptAsBuilt = "kept as built"
}
