/// A tag as a server response carries it: the id and any subset of fields.
public struct TagPayload: Hashable, Sendable {
    public var id: TagID
    public var name: Field<String>
    public var colorHex: Field<String?>
    public var updatedAt: Field<Int64>

    public init(
        id: TagID,
        name: Field<String> = .absent,
        colorHex: Field<String?> = .absent,
        updatedAt: Field<Int64> = .absent
    ) {
        self.id = id
        self.name = name
        self.colorHex = colorHex
        self.updatedAt = updatedAt
    }

    /// A payload carrying every field of `attributes`.
    public init(id: TagID, full attributes: TagAttributes) {
        self.init(
            id: id,
            name: .present(attributes.name),
            colorHex: .present(attributes.colorHex),
            updatedAt: .present(attributes.updatedAt)
        )
    }
}
