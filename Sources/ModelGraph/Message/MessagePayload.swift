/// A message as a server response carries it, with its author, participants
/// and replies embedded as payloads of their own.
public struct MessagePayload: Hashable, Sendable {
    public var id: MessageID
    public var text: Field<String>
    public var sentAt: Field<Int64>
    public var editedAt: Field<Int64?>
    public var isRead: Field<Bool>
    public var author: Field<UserPayload>
    /// When present, the complete participant list, in order.
    public var participants: Field<[UserPayload]>
    /// When present, the complete list of direct replies, in order. A reply
    /// listed here moves under this message.
    public var replies: Field<[MessagePayload]>

    public init(
        id: MessageID,
        text: Field<String> = .absent,
        sentAt: Field<Int64> = .absent,
        editedAt: Field<Int64?> = .absent,
        isRead: Field<Bool> = .absent,
        author: Field<UserPayload> = .absent,
        participants: Field<[UserPayload]> = .absent,
        replies: Field<[MessagePayload]> = .absent
    ) {
        self.id = id
        self.text = text
        self.sentAt = sentAt
        self.editedAt = editedAt
        self.isRead = isRead
        self.author = author
        self.participants = participants
        self.replies = replies
    }
}
