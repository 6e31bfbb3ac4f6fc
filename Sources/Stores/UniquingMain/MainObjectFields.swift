import ModelGraph

// What a refresh from the records writes, settable inside this module, so
// that plain and `@Observable` objects share one refresh. Each setter is
// guarded by an equality check, as a managed object's refresh leaves
// unchanged properties alone: on an `@Observable` object an unchanged
// property announces nothing.

protocol UserFields: AnyObject {
    var name: String { get set }
    var username: String { get set }
    var avatarURL: String { get set }
    var bio: String? { get set }
    var isOnline: Bool { get set }
    var followerCount: Int { get set }
    var updatedAt: Int64 { get set }
}

extension UserFields {
    @inline(__always)
    func assign(_ attributes: UserAttributes) {
        if name != attributes.name { name = attributes.name }
        if username != attributes.username { username = attributes.username }
        if avatarURL != attributes.avatarURL { avatarURL = attributes.avatarURL }
        if bio != attributes.bio { bio = attributes.bio }
        if isOnline != attributes.isOnline { isOnline = attributes.isOnline }
        if followerCount != attributes.followerCount { followerCount = attributes.followerCount }
        if updatedAt != attributes.updatedAt { updatedAt = attributes.updatedAt }
    }
}

protocol TagFields: AnyObject {
    var name: String { get set }
    var colorHex: String? { get set }
    var updatedAt: Int64 { get set }
}

extension TagFields {
    @inline(__always)
    func assign(_ attributes: TagAttributes) {
        if name != attributes.name { name = attributes.name }
        if colorHex != attributes.colorHex { colorHex = attributes.colorHex }
        if updatedAt != attributes.updatedAt { updatedAt = attributes.updatedAt }
    }
}

protocol NoteFields: AnyObject {
    associatedtype Author
    associatedtype NoteTag
    var title: String { get set }
    var body: String { get set }
    var isPinned: Bool { get set }
    var updatedAt: Int64 { get set }
    var author: Author { get set }
    var tags: [NoteTag] { get set }
}

extension NoteFields {
    @inline(__always)
    func assign(_ attributes: NoteAttributes, relinking related: (author: Author, tags: [NoteTag])?) {
        if title != attributes.title { title = attributes.title }
        if body != attributes.body { body = attributes.body }
        if isPinned != attributes.isPinned { isPinned = attributes.isPinned }
        if updatedAt != attributes.updatedAt { updatedAt = attributes.updatedAt }
        if let related {
            author = related.author
            tags = related.tags
        }
    }
}

protocol MessageFields: AnyObject {
    associatedtype Author
    var text: String { get set }
    var sentAt: Int64 { get set }
    var editedAt: Int64? { get set }
    var isRead: Bool { get set }
    var author: Author { get set }
    var participants: [Author] { get set }
    var replies: [Self] { get set }
}

extension MessageFields {
    @inline(__always)
    func assign(
        _ attributes: MessageAttributes, relinking related: (author: Author, participants: [Author], replies: [Self])?
    ) {
        if text != attributes.text { text = attributes.text }
        if sentAt != attributes.sentAt { sentAt = attributes.sentAt }
        if editedAt != attributes.editedAt { editedAt = attributes.editedAt }
        if isRead != attributes.isRead { isRead = attributes.isRead }
        if let related {
            author = related.author
            participants = related.participants
            replies = related.replies
        }
    }
}
