extension MessagePayload: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, text, sentAt, editedAt, isRead, author, participants, replies
    }

    public init(from decoder: any Decoder) throws {
        try decoder.checkReplyDepth()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(MessageID.self, forKey: .id),
            text: try container.decodeField(String.self, forKey: .text),
            sentAt: try container.decodeField(Int64.self, forKey: .sentAt),
            editedAt: try container.decodeNullableField(Int64.self, forKey: .editedAt),
            isRead: try container.decodeField(Bool.self, forKey: .isRead),
            author: try container.decodeField(UserPayload.self, forKey: .author),
            participants: try container.decodeField([UserPayload].self, forKey: .participants),
            replies: try container.decodeField([MessagePayload].self, forKey: .replies)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeField(text, forKey: .text)
        try container.encodeField(sentAt, forKey: .sentAt)
        try container.encodeNullableField(editedAt, forKey: .editedAt)
        try container.encodeField(isRead, forKey: .isRead)
        try container.encodeField(author, forKey: .author)
        try container.encodeField(participants, forKey: .participants)
        try container.encodeField(replies, forKey: .replies)
    }
}
