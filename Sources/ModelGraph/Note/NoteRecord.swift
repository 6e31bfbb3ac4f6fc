/// A note normalized: its own fields, and its relationships by id.
public struct NoteRecord: Hashable, Sendable {
    public var attributes: NoteAttributes
    public var author: UserID
    public var tags: [TagID]

    public init(attributes: NoteAttributes, author: UserID, tags: [TagID]) {
        self.attributes = attributes
        self.author = author
        self.tags = tags
    }
}
