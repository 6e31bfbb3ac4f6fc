import Instrumentation
import ModelGraph

/// The one live object for a tag id, shared by every note that carries it.
/// See `LiveObject` for the locking.
public final class LiveTag: LiveObject, @unchecked Sendable {
    public let id: TagID
    var fields: TagAttributes

    init(id: TagID, attributes: TagAttributes, locks: StripedLocks) {
        self.id = id
        self.fields = attributes
        super.init(locks: locks, key: Self.key(kind: 1, id: id.rawValue))
    }

    public var attributes: TagAttributes { withLock { fields } }
    public var name: String { withLock { fields.name } }
}
