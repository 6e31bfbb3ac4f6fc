/// A message normalized: its own fields, and its relationships by id.
public struct MessageRecord: Hashable, Sendable {
    public var attributes: MessageAttributes
    public var author: UserID
    public var participants: [UserID]
    /// Direct replies, in order.
    public var replies: [MessageID]

    public init(attributes: MessageAttributes, author: UserID, participants: [UserID], replies: [MessageID]) {
        self.attributes = attributes
        self.author = author
        self.participants = participants
        self.replies = replies
    }
}
