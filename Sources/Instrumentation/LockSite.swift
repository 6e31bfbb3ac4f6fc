/// The role a lock plays in a store, so contention is reported per role.
///
/// Every store labels its locks with these roles; a role a store does not
/// have simply reports zero acquisitions.
public enum LockSite: Int, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// The store-wide lock over its tables and indexes.
    case storeState
    /// A lock over one model's fields, where a store shares mutable models
    /// between threads.
    case modelFields
    /// The lock over the observer registry.
    case observers
    /// The lock over the ordered queue of pending notifications.
    case notificationQueue
    /// The lock over the main thread's queue of work from other threads.
    case mainQueue

    public var description: String {
        switch self {
        case .storeState: "store-state"
        case .modelFields: "model-fields"
        case .observers: "observers"
        case .notificationQueue: "notification-queue"
        case .mainQueue: "main-queue"
        }
    }
}
