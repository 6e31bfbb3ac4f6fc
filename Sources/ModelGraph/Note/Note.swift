/// A note written by one user and labelled with tags.
///
/// An immutable snapshot that embeds its author and tags by value, as a
/// server response does; a change to the author or a tag reaches the note
/// only as a new note value built with the `with(...)` methods.
public struct Note: Hashable, Sendable {
    public let id: NoteID
    public let attributes: NoteAttributes
    /// Required: deleting the author deletes the note.
    public let author: User
    public let tags: [Tag]

    @inlinable
    public init(id: NoteID, attributes: NoteAttributes, author: User, tags: [Tag]) {
        self.id = id
        self.attributes = attributes
        self.author = author
        self.tags = tags
    }

    @inlinable
    public func with(attributes: NoteAttributes) -> Note {
        Note(id: id, attributes: attributes, author: author, tags: tags)
    }

    @inlinable
    public func with(author: User) -> Note {
        Note(id: id, attributes: attributes, author: author, tags: tags)
    }

    @inlinable
    public func with(tags: [Tag]) -> Note {
        Note(id: id, attributes: attributes, author: author, tags: tags)
    }
}

/// A note's own fields, without relationships.
public struct NoteAttributes: Hashable, Sendable {
    public var title: String
    public var body: String
    public var isPinned: Bool
    /// Server time of the last change, in milliseconds since 1970.
    public var updatedAt: Int64

    public init(title: String, body: String, isPinned: Bool, updatedAt: Int64) {
        self.title = title
        self.body = body
        self.isPinned = isPinned
        self.updatedAt = updatedAt
    }

    /// The attributes of a note first seen in `payload`.
    public init(inserting payload: NotePayload) throws(MergeError) {
        func required<T>(_ field: Field<T>, _ name: String) throws(MergeError) -> T {
            guard let value = field.value else {
                throw .missingRequiredField(.note(payload.id), field: name)
            }
            return value
        }
        self.init(
            title: try required(payload.title, "title"),
            body: try required(payload.body, "body"),
            isPinned: try required(payload.isPinned, "isPinned"),
            updatedAt: try required(payload.updatedAt, "updatedAt")
        )
    }

    /// Applies the payload's present fields; returns whether any changed.
    @inlinable
    public mutating func merge(_ payload: NotePayload) -> Bool {
        var changed = payload.title.merge(into: &title)
        changed = payload.body.merge(into: &body) || changed
        changed = payload.isPinned.merge(into: &isPinned) || changed
        changed = payload.updatedAt.merge(into: &updatedAt) || changed
        return changed
    }
}
