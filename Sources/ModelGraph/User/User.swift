/// A person: the author of notes and messages, and a participant in messages.
///
/// An immutable snapshot. A change builds a new value (see `merged(with:)`).
public struct User: Hashable, Sendable {
    public let id: UserID
    public let attributes: UserAttributes

    @inlinable
    public init(id: UserID, attributes: UserAttributes) {
        self.id = id
        self.attributes = attributes
    }

    /// This user with the payload's present fields applied, or nil when the
    /// payload changes nothing (the caller keeps the value it has).
    @inlinable
    public func merged(with payload: UserPayload) -> User? {
        var attributes = attributes
        guard attributes.merge(payload) else { return nil }
        return User(id: id, attributes: attributes)
    }
}

/// A user's own fields, without relationships.
public struct UserAttributes: Hashable, Sendable {
    public var name: String
    public var username: String
    public var avatarURL: String
    public var bio: String?
    public var isOnline: Bool
    public var followerCount: Int
    /// Server time of the last change, in milliseconds since 1970.
    public var updatedAt: Int64

    public init(
        name: String, username: String, avatarURL: String, bio: String?,
        isOnline: Bool, followerCount: Int, updatedAt: Int64
    ) {
        self.name = name
        self.username = username
        self.avatarURL = avatarURL
        self.bio = bio
        self.isOnline = isOnline
        self.followerCount = followerCount
        self.updatedAt = updatedAt
    }

    /// The attributes of a user first seen in `payload`, which must carry
    /// every required field; an absent `bio` becomes nil.
    public init(inserting payload: UserPayload) throws(MergeError) {
        func required<T>(_ field: Field<T>, _ name: String) throws(MergeError) -> T {
            guard let value = field.value else {
                throw .missingRequiredField(.user(payload.id), field: name)
            }
            return value
        }
        self.init(
            name: try required(payload.name, "name"),
            username: try required(payload.username, "username"),
            avatarURL: try required(payload.avatarURL, "avatarURL"),
            bio: payload.bio.value ?? nil,
            isOnline: try required(payload.isOnline, "isOnline"),
            followerCount: try required(payload.followerCount, "followerCount"),
            updatedAt: try required(payload.updatedAt, "updatedAt")
        )
    }

    /// Applies the payload's present fields.
    ///
    /// - Returns: whether any field changed. Equal fields are left untouched.
    @inlinable
    public mutating func merge(_ payload: UserPayload) -> Bool {
        var changed = payload.name.merge(into: &name)
        changed = payload.username.merge(into: &username) || changed
        changed = payload.avatarURL.merge(into: &avatarURL) || changed
        changed = payload.bio.merge(into: &bio) || changed
        changed = payload.isOnline.merge(into: &isOnline) || changed
        changed = payload.followerCount.merge(into: &followerCount) || changed
        changed = payload.updatedAt.merge(into: &updatedAt) || changed
        return changed
    }
}
