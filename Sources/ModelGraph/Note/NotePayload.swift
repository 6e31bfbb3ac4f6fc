/// A note as a server response carries it, with its author and tags embedded
/// as (possibly partial, possibly id-only) payloads of their own.
public struct NotePayload: Hashable, Sendable {
    public var id: NoteID
    public var title: Field<String>
    public var body: Field<String>
    public var isPinned: Field<Bool>
    public var updatedAt: Field<Int64>
    public var author: Field<UserPayload>
    /// When present, the note's complete tag list, in order.
    public var tags: Field<[TagPayload]>

    public init(
        id: NoteID,
        title: Field<String> = .absent,
        body: Field<String> = .absent,
        isPinned: Field<Bool> = .absent,
        updatedAt: Field<Int64> = .absent,
        author: Field<UserPayload> = .absent,
        tags: Field<[TagPayload]> = .absent
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.isPinned = isPinned
        self.updatedAt = updatedAt
        self.author = author
        self.tags = tags
    }

    /// A payload carrying every field of `attributes`, with id-only
    /// references to the author and tags.
    public init(id: NoteID, full attributes: NoteAttributes, author: UserID, tags: [TagID]) {
        self.init(
            id: id,
            title: .present(attributes.title),
            body: .present(attributes.body),
            isPinned: .present(attributes.isPinned),
            updatedAt: .present(attributes.updatedAt),
            author: .present(UserPayload(id: author)),
            tags: .present(tags.map { TagPayload(id: $0) })
        )
    }
}
