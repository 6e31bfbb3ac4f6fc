import ModelGraph
import StoreInterface
import StoreSupport

/// `uniquing-main`'s objects: plain classes with stored properties, read and
/// changed on the main thread only, as Vesper's model objects and Core Data's
/// main-context objects are.
public enum PlainObjects: MainObjectKinds {
    public typealias Context = Void
    public typealias User = PlainUser
    public typealias Tag = PlainTag
    public typealias Note = PlainNote
    public typealias Message = PlainMessage

    public static let design = StoreDesign(
        name: "uniquing-main", family: .liveObjects, threading: .mainThread,
        summary: "one live object per id in a weak table, read and changed on the main thread only, no locks; "
            + "a write from another thread merges the records there and refreshes the objects on the main queue "
            + "(Vesper's model objects; Core Data's main context merging a background context's saves)",
        modelledOn: "Vesper's model objects (\"uniqued and cached in an NSMapTable with weak references\": "
            + "Brent Simmons, “Immutable Model Objects”, 2014) and Krush's Core Data stack (Teehan+Lax, “Krush iOS "
            + "Architecture”: JSON parsed and relationships formed in a background context, its save merged into "
            + "the main context)",
        follows: [.vesper, .coreData])
    public static let rowPrimitives = "5 objects' fields through references"
}

/// `uniquing-main`: the main-confined store on plain objects.
public typealias UniquingMainStore = MainConfinedStore<PlainObjects>

// A refresh writes the fields through `MainObjectFields`. The classes are
// Sendable, unchecked, only because a store's handles must be: they belong to
// the main thread, where the store reaches them through its `ThreadBound`
// tables, which check; a holder elsewhere must not read them, and nothing
// checks that. One thread ever touches them, and no access is held across a
// call that could reenter, so their properties skip the runtime's exclusivity
// check, which cost most of a row read (docs/CONSTANTS.md, PlainObjects
// exclusivity).

public final class PlainUser: MainUser, UserFields, @unchecked Sendable {
    public typealias Context = Void
    public let id: UserID
    @exclusivity(unchecked) public internal(set) var name: String
    @exclusivity(unchecked) public internal(set) var username: String
    @exclusivity(unchecked) public internal(set) var avatarURL: String
    @exclusivity(unchecked) public internal(set) var bio: String?
    @exclusivity(unchecked) public internal(set) var isOnline: Bool
    @exclusivity(unchecked) public internal(set) var followerCount: Int
    @exclusivity(unchecked) public internal(set) var updatedAt: Int64
    @exclusivity(unchecked) public private(set) var isDeleted = false

    public init(id: UserID, attributes: UserAttributes, context: Void) {
        self.id = id
        name = attributes.name
        username = attributes.username
        avatarURL = attributes.avatarURL
        bio = attributes.bio
        isOnline = attributes.isOnline
        followerCount = attributes.followerCount
        updatedAt = attributes.updatedAt
    }

    public func refresh(_ attributes: UserAttributes) {
        assign(attributes)
    }

    public func markDeleted() { isDeleted = true }
}

public final class PlainTag: MainTag, TagFields, @unchecked Sendable {
    public typealias Context = Void
    public let id: TagID
    @exclusivity(unchecked) public internal(set) var name: String
    @exclusivity(unchecked) public internal(set) var colorHex: String?
    @exclusivity(unchecked) public internal(set) var updatedAt: Int64
    @exclusivity(unchecked) public private(set) var isDeleted = false

    public init(id: TagID, attributes: TagAttributes, context: Void) {
        self.id = id
        name = attributes.name
        colorHex = attributes.colorHex
        updatedAt = attributes.updatedAt
    }

    public func refresh(_ attributes: TagAttributes) {
        assign(attributes)
    }

    public func markDeleted() { isDeleted = true }
}

public final class PlainNote: MainNote, NoteFields, @unchecked Sendable {
    public typealias Context = Void
    public let id: NoteID
    @exclusivity(unchecked) public internal(set) var title: String
    @exclusivity(unchecked) public internal(set) var body: String
    @exclusivity(unchecked) public internal(set) var isPinned: Bool
    @exclusivity(unchecked) public internal(set) var updatedAt: Int64
    @exclusivity(unchecked) public internal(set) var author: PlainUser
    @exclusivity(unchecked) public internal(set) var tags: [PlainTag]
    @exclusivity(unchecked) public private(set) var isDeleted = false

    public init(id: NoteID, attributes: NoteAttributes, author: PlainUser, tags: [PlainTag], context: Void) {
        self.id = id
        title = attributes.title
        body = attributes.body
        isPinned = attributes.isPinned
        updatedAt = attributes.updatedAt
        self.author = author
        self.tags = tags
    }

    public func refresh(_ attributes: NoteAttributes, relinking related: (author: PlainUser, tags: [PlainTag])?) {
        assign(attributes, relinking: related)
    }

    public func markDeleted() { isDeleted = true }
}

public final class PlainMessage: MainMessage, MessageFields, @unchecked Sendable {
    public typealias Context = Void
    public let id: MessageID
    @exclusivity(unchecked) public internal(set) var text: String
    @exclusivity(unchecked) public internal(set) var sentAt: Int64
    @exclusivity(unchecked) public internal(set) var editedAt: Int64?
    @exclusivity(unchecked) public internal(set) var isRead: Bool
    @exclusivity(unchecked) public internal(set) var author: PlainUser
    @exclusivity(unchecked) public internal(set) var participants: [PlainUser]
    @exclusivity(unchecked) public internal(set) var replies: [PlainMessage]
    @exclusivity(unchecked) public private(set) var isDeleted = false

    public init(
        id: MessageID, attributes: MessageAttributes, author: PlainUser, participants: [PlainUser],
        replies: [PlainMessage], context: Void
    ) {
        self.id = id
        text = attributes.text
        sentAt = attributes.sentAt
        editedAt = attributes.editedAt
        isRead = attributes.isRead
        self.author = author
        self.participants = participants
        self.replies = replies
    }

    public func refresh(
        _ attributes: MessageAttributes,
        relinking related: (author: PlainUser, participants: [PlainUser], replies: [PlainMessage])?
    ) {
        assign(attributes, relinking: related)
    }

    public func markDeleted() { isDeleted = true }
}
