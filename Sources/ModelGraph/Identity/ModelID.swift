/// The server id of one model, typed by the kind of model it names.
///
/// A `ModelID<Note>` cannot be passed where a `ModelID<User>` is expected,
/// yet both are one `Int` in memory and hash as cheaply.
public struct ModelID<Model>: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    @inlinable
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { String(rawValue) }
}

public typealias UserID = ModelID<User>
public typealias TagID = ModelID<Tag>
public typealias NoteID = ModelID<Note>
public typealias MessageID = ModelID<Message>
