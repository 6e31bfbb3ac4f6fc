import Instrumentation
import ModelGraph
import StoreSupport

/// The one live object for a tag id, shared by every note that carries it.
/// See `LockedObject` for the locking.
public final class LiveTag: LockedObject, LiveTagObject, @unchecked Sendable {
    // @unchecked: its fields are read and written only with its stripe held
    // (`LockedObject`).
    public let id: TagID
    @exclusivity(unchecked) var fields: TagAttributes

    public init(id: TagID, attributes: TagAttributes, context locks: StripedLocks) {
        self.id = id
        self.fields = attributes
        super.init(locks: locks, key: Self.key(kind: 1, id: id.rawValue))
    }

    public func refresh(_ attributes: TagAttributes) {
        withLock { fields = attributes }
    }

    public var attributes: TagAttributes { withLock { fields } }
    public var name: String { withLock { fields.name } }
}
