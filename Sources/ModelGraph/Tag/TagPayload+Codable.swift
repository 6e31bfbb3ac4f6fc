extension TagPayload: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, colorHex, updatedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(TagID.self, forKey: .id),
            name: try container.decodeField(String.self, forKey: .name),
            colorHex: try container.decodeNullableField(String.self, forKey: .colorHex),
            updatedAt: try container.decodeField(Int64.self, forKey: .updatedAt)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeField(name, forKey: .name)
        try container.encodeNullableField(colorHex, forKey: .colorHex)
        try container.encodeField(updatedAt, forKey: .updatedAt)
    }
}
