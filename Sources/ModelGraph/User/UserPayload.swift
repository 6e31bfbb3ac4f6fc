/// A user as a server response carries it: the id and any subset of fields.
public struct UserPayload: Hashable, Sendable {
    public var id: UserID
    public var name: Field<String>
    public var username: Field<String>
    public var avatarURL: Field<String>
    public var bio: Field<String?>
    public var isOnline: Field<Bool>
    public var followerCount: Field<Int>
    public var updatedAt: Field<Int64>

    public init(
        id: UserID,
        name: Field<String> = .absent,
        username: Field<String> = .absent,
        avatarURL: Field<String> = .absent,
        bio: Field<String?> = .absent,
        isOnline: Field<Bool> = .absent,
        followerCount: Field<Int> = .absent,
        updatedAt: Field<Int64> = .absent
    ) {
        self.id = id
        self.name = name
        self.username = username
        self.avatarURL = avatarURL
        self.bio = bio
        self.isOnline = isOnline
        self.followerCount = followerCount
        self.updatedAt = updatedAt
    }

    /// A payload carrying every field of `attributes`.
    public init(id: UserID, full attributes: UserAttributes) {
        self.init(
            id: id,
            name: .present(attributes.name),
            username: .present(attributes.username),
            avatarURL: .present(attributes.avatarURL),
            bio: .present(attributes.bio),
            isOnline: .present(attributes.isOnline),
            followerCount: .present(attributes.followerCount),
            updatedAt: .present(attributes.updatedAt)
        )
    }

}
