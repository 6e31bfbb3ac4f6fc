extension NotePayload: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, title, body, isPinned, updatedAt, author, tags
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(NoteID.self, forKey: .id),
            title: try container.decodeField(String.self, forKey: .title),
            body: try container.decodeField(String.self, forKey: .body),
            isPinned: try container.decodeField(Bool.self, forKey: .isPinned),
            updatedAt: try container.decodeField(Int64.self, forKey: .updatedAt),
            author: try container.decodeField(UserPayload.self, forKey: .author),
            tags: try container.decodeField([TagPayload].self, forKey: .tags)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeField(title, forKey: .title)
        try container.encodeField(body, forKey: .body)
        try container.encodeField(isPinned, forKey: .isPinned)
        try container.encodeField(updatedAt, forKey: .updatedAt)
        try container.encodeField(author, forKey: .author)
        try container.encodeField(tags, forKey: .tags)
    }
}
