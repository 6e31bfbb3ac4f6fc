/// The role a lock plays in a store, so contention is reported per role.
///
/// Both stores label their locks with these sites; a site a store does not
/// use simply reports zero acquisitions.
public enum LockSite: Int, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// The store-wide lock over its tables and indexes.
    case storeState
    /// A per-object lock over one live object's fields (uniquing store).
    case objectFields
    /// The lock over the observer registry.
    case observers
    /// The lock over the ordered queue of pending notifications.
    case notificationQueue

    public var description: String {
        switch self {
        case .storeState: "store-state"
        case .objectFields: "object-fields"
        case .observers: "observers"
        case .notificationQueue: "notification-queue"
        }
    }
}
