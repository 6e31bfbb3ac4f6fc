extension UserPayload: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, username, avatarURL, bio, isOnline, followerCount, updatedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(UserID.self, forKey: .id),
            name: try container.decodeField(String.self, forKey: .name),
            username: try container.decodeField(String.self, forKey: .username),
            avatarURL: try container.decodeField(String.self, forKey: .avatarURL),
            bio: try container.decodeNullableField(String.self, forKey: .bio),
            isOnline: try container.decodeField(Bool.self, forKey: .isOnline),
            followerCount: try container.decodeField(Int.self, forKey: .followerCount),
            updatedAt: try container.decodeField(Int64.self, forKey: .updatedAt)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeField(name, forKey: .name)
        try container.encodeField(username, forKey: .username)
        try container.encodeField(avatarURL, forKey: .avatarURL)
        try container.encodeNullableField(bio, forKey: .bio)
        try container.encodeField(isOnline, forKey: .isOnline)
        try container.encodeField(followerCount, forKey: .followerCount)
        try container.encodeField(updatedAt, forKey: .updatedAt)
    }
}
