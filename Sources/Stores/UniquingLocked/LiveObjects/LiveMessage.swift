import Instrumentation
import ModelGraph
import StoreSupport

/// The one live object for a message id. It holds its author, participants
/// and replies as live objects, so holding a thread root keeps the thread
/// alive, as a snapshot of the root embeds it. See `LockedObject` for the
/// locking.
public final class LiveMessage: LockedObject, LiveMessageObject, @unchecked Sendable {
    // @unchecked: its fields are read and written only with its stripe held
    // (`LockedObject`).
    public let id: MessageID
    @exclusivity(unchecked) var fields: MessageAttributes
    @exclusivity(unchecked) var authorObject: LiveUser
    @exclusivity(unchecked) var participantObjects: [LiveUser]
    @exclusivity(unchecked) var replyObjects: [LiveMessage]

    public init(
        id: MessageID, attributes: MessageAttributes, author: LiveUser,
        participants: [LiveUser], replies: [LiveMessage], context locks: StripedLocks
    ) {
        self.id = id
        self.fields = attributes
        self.authorObject = author
        self.participantObjects = participants
        self.replyObjects = replies
        super.init(locks: locks, key: Self.key(kind: 3, id: id.rawValue))
    }

    public func refresh(
        _ attributes: MessageAttributes,
        relinking related: (author: LiveUser, participants: [LiveUser], replies: [LiveMessage])?
    ) {
        withLock {
            fields = attributes
            if let related {
                authorObject = related.author
                participantObjects = related.participants
                replyObjects = related.replies
            }
        }
    }

    public var attributes: MessageAttributes { withLock { fields } }
    public var text: String { withLock { fields.text } }
    public var sentAt: Int64 { withLock { fields.sentAt } }
    public var author: LiveUser { withLock { authorObject } }
    public var participants: [LiveUser] { withLock { participantObjects } }
    public var replies: [LiveMessage] { withLock { replyObjects } }
}
