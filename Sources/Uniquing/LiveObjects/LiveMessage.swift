import Instrumentation
import ModelGraph

/// The one live object for a message id. It holds its author, participants
/// and replies as live objects, so holding a thread root keeps the thread
/// alive, as a snapshot of the root embeds it. See `LiveObject` for the
/// locking.
public final class LiveMessage: LiveObject, @unchecked Sendable {
    public let id: MessageID
    var fields: MessageAttributes
    var authorObject: LiveUser
    var participantObjects: [LiveUser]
    var replyObjects: [LiveMessage]

    init(
        id: MessageID, attributes: MessageAttributes, author: LiveUser,
        participants: [LiveUser], replies: [LiveMessage], locks: StripedLocks
    ) {
        self.id = id
        self.fields = attributes
        self.authorObject = author
        self.participantObjects = participants
        self.replyObjects = replies
        super.init(locks: locks, key: Self.key(kind: 3, id: id.rawValue))
    }

    public var attributes: MessageAttributes { withLock { fields } }
    public var text: String { withLock { fields.text } }
    public var sentAt: Int64 { withLock { fields.sentAt } }
    public var author: LiveUser { withLock { authorObject } }
    public var participants: [LiveUser] { withLock { participantObjects } }
    public var replies: [LiveMessage] { withLock { replyObjects } }
}
