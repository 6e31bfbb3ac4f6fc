import ModelGraph

/// A note as `snapshot-flat` hands it out: its own fields and its author and
/// tags by id. A row joins them through the cache when it is displayed.
public struct FlatNote: Hashable, Sendable {
    public let id: NoteID
    public let record: NoteRecord

    public init(id: NoteID, record: NoteRecord) {
        self.id = id
        self.record = record
    }
}

/// A message as `snapshot-flat` hands it out: its own fields, and its author,
/// participants and replies by id.
public struct FlatMessage: Hashable, Sendable {
    public let id: MessageID
    public let record: MessageRecord

    public init(id: MessageID, record: MessageRecord) {
        self.id = id
        self.record = record
    }
}

// FlatCache's `Identifiable` ids are strings, as GitHawk's models carry them.

extension User: FlatCachable {
    @inlinable public var cacheID: String { String(id.rawValue) }
}

extension Tag: FlatCachable {
    @inlinable public var cacheID: String { String(id.rawValue) }
}

extension FlatNote: FlatCachable {
    @inlinable public var cacheID: String { String(id.rawValue) }
}

extension FlatMessage: FlatCachable {
    @inlinable public var cacheID: String { String(id.rawValue) }
}
