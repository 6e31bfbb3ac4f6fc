/// A label attached to notes.
///
/// An immutable snapshot. A change builds a new value (see `merged(with:)`).
public struct Tag: Hashable, Sendable {
    public let id: TagID
    public let attributes: TagAttributes

    @inlinable
    public init(id: TagID, attributes: TagAttributes) {
        self.id = id
        self.attributes = attributes
    }

    /// This tag with the payload's present fields applied, or nil when the
    /// payload changes nothing.
    @inlinable
    public func merged(with payload: TagPayload) -> Tag? {
        var attributes = attributes
        guard attributes.merge(payload) else { return nil }
        return Tag(id: id, attributes: attributes)
    }
}

/// A tag's own fields.
public struct TagAttributes: Hashable, Sendable {
    public var name: String
    /// A colour as `#RRGGBB`, or nil for the default colour.
    public var colorHex: String?
    /// Server time of the last change, in milliseconds since 1970.
    public var updatedAt: Int64

    public init(name: String, colorHex: String?, updatedAt: Int64) {
        self.name = name
        self.colorHex = colorHex
        self.updatedAt = updatedAt
    }

    /// The attributes of a tag first seen in `payload`.
    public init(inserting payload: TagPayload) throws(MergeError) {
        guard let name = payload.name.value else {
            throw .missingRequiredField(.tag(payload.id), field: "name")
        }
        guard let updatedAt = payload.updatedAt.value else {
            throw .missingRequiredField(.tag(payload.id), field: "updatedAt")
        }
        self.init(name: name, colorHex: payload.colorHex.value ?? nil, updatedAt: updatedAt)
    }

    /// Applies the payload's present fields; returns whether any changed.
    @inlinable
    public mutating func merge(_ payload: TagPayload) -> Bool {
        var changed = payload.name.merge(into: &name)
        changed = payload.colorHex.merge(into: &colorHex) || changed
        changed = payload.updatedAt.merge(into: &updatedAt) || changed
        return changed
    }
}
