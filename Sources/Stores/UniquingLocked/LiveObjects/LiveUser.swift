import Instrumentation
import ModelGraph
import StoreSupport

/// The one live object for a user id, shared by every holder.
///
/// The store changes it in place; a holder always reads the current fields.
/// Every read takes the object's lock (see `LockedObject`), so a read never
/// sees a field half-written, and `attributes` returns all fields from one
/// instant.
public final class LiveUser: LockedObject, LiveUserObject, @unchecked Sendable {
    // @unchecked: its fields are read and written only with its stripe held
    // (`LockedObject`).
    public let id: UserID
    @exclusivity(unchecked) var fields: UserAttributes

    public init(id: UserID, attributes: UserAttributes, context locks: StripedLocks) {
        self.id = id
        self.fields = attributes
        super.init(locks: locks, key: Self.key(kind: 0, id: id.rawValue))
    }

    public func refresh(_ attributes: UserAttributes) {
        withLock { fields = attributes }
    }

    /// Every field, read at one instant.
    public var attributes: UserAttributes { withLock { fields } }
    public var name: String { withLock { fields.name } }
    public var username: String { withLock { fields.username } }
    public var avatarURL: String { withLock { fields.avatarURL } }
    public var isOnline: Bool { withLock { fields.isOnline } }
}
