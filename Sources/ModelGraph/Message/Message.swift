/// A chat message with its author, the users taking part, and its replies.
///
/// An immutable snapshot embedding its author, participants and the whole
/// tree of replies by value, so a thread forms a tree of models as deep and
/// as wide as the conversation (the shape of Rocket Data's test models).
public struct Message: Hashable, Sendable {
    public let id: MessageID
    public let attributes: MessageAttributes
    /// Required: deleting the author deletes the message and its replies.
    public let author: User
    public let participants: [User]
    /// Owned: deleting a message deletes its replies.
    public let replies: [Message]

    @inlinable
    public init(
        id: MessageID, attributes: MessageAttributes, author: User,
        participants: [User], replies: [Message]
    ) {
        self.id = id
        self.attributes = attributes
        self.author = author
        self.participants = participants
        self.replies = replies
    }

    @inlinable
    public func with(attributes: MessageAttributes) -> Message {
        Message(id: id, attributes: attributes, author: author, participants: participants, replies: replies)
    }

    @inlinable
    public func with(author: User) -> Message {
        Message(id: id, attributes: attributes, author: author, participants: participants, replies: replies)
    }

    @inlinable
    public func with(participants: [User]) -> Message {
        Message(id: id, attributes: attributes, author: author, participants: participants, replies: replies)
    }

    @inlinable
    public func with(replies: [Message]) -> Message {
        Message(id: id, attributes: attributes, author: author, participants: participants, replies: replies)
    }
}

/// A message's own fields, without relationships.
public struct MessageAttributes: Hashable, Sendable {
    public var text: String
    /// Server time the message was sent, in milliseconds since 1970.
    public var sentAt: Int64
    /// Server time of the last edit, or nil if never edited.
    public var editedAt: Int64?
    public var isRead: Bool

    public init(text: String, sentAt: Int64, editedAt: Int64?, isRead: Bool) {
        self.text = text
        self.sentAt = sentAt
        self.editedAt = editedAt
        self.isRead = isRead
    }

    /// The attributes of a message first seen in `payload`.
    public init(inserting payload: MessagePayload) throws(MergeError) {
        func required<T>(_ field: Field<T>, _ name: String) throws(MergeError) -> T {
            guard let value = field.value else {
                throw .missingRequiredField(.message(payload.id), field: name)
            }
            return value
        }
        self.init(
            text: try required(payload.text, "text"),
            sentAt: try required(payload.sentAt, "sentAt"),
            editedAt: payload.editedAt.value ?? nil,
            isRead: try required(payload.isRead, "isRead")
        )
    }

    /// Applies the payload's present fields; returns whether any changed.
    @inlinable
    public mutating func merge(_ payload: MessagePayload) -> Bool {
        var changed = payload.text.merge(into: &text)
        changed = payload.sentAt.merge(into: &sentAt) || changed
        changed = payload.editedAt.merge(into: &editedAt) || changed
        changed = payload.isRead.merge(into: &isRead) || changed
        return changed
    }
}
