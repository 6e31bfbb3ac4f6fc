import ModelGraph
import Observation
import StoreInterface
import StoreSupport

/// `uniquing-observable`'s objects: the main-confined store's objects built
/// on Swift's Observation, as SwiftData apps hold their models. Every read
/// of a property goes through the observation registrar (so a view tracking
/// it with `withObservationTracking` learns when it changes), and every
/// change announces itself there.
public enum ObservableObjects: MainObjectKinds {
    public typealias Context = Void
    public typealias User = ObservableUser
    public typealias Tag = ObservableTag
    public typealias Note = ObservableNote
    public typealias Message = ObservableMessage

    public static let design = StoreDesign(
        name: "uniquing-observable", family: .liveObjects, threading: .mainThread,
        summary: "uniquing-main with @Observable objects: every read tracked and every change announced by "
            + "Observation's registrar, as SwiftData apps hold their models",
        modelledOn: "uniquing-main's sources, with its objects on Swift's Observation (the @Observable macro and "
            + "its ObservationRegistrar, as SwiftData's @Model classes are), read and changed on the main thread",
        follows: [.swiftData])
    public static let rowPrimitives = "5 @Observable objects' fields, each read tracked"
}

/// `uniquing-observable`: the main-confined store on `@Observable` objects,
/// as SwiftData's `@Model` classes are observable: every property read goes
/// through the `ObservationRegistrar`'s access tracking and every write
/// through its `withMutation`. Everything else is `uniquing-main`'s.
public typealias UniquingObservableStore = MainConfinedStore<ObservableObjects>

// A refresh writes the fields through `MainObjectFields`, so an unchanged
// property announces nothing. The fields are declared again here, not
// inherited, because `@Observable` tracks a class's own stored properties.
// Sendable, unchecked, only because a store's handles must be: they belong to
// the main thread, as `PlainObjects` says.

@Observable
public final class ObservableUser: MainUser, UserFields, @unchecked Sendable {
    public typealias Context = Void
    public let id: UserID
    public internal(set) var name: String
    public internal(set) var username: String
    public internal(set) var avatarURL: String
    public internal(set) var bio: String?
    public internal(set) var isOnline: Bool
    public internal(set) var followerCount: Int
    public internal(set) var updatedAt: Int64
    public private(set) var isDeleted = false

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

@Observable
public final class ObservableTag: MainTag, TagFields, @unchecked Sendable {
    public typealias Context = Void
    public let id: TagID
    public internal(set) var name: String
    public internal(set) var colorHex: String?
    public internal(set) var updatedAt: Int64
    public private(set) var isDeleted = false

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

@Observable
public final class ObservableNote: MainNote, NoteFields, @unchecked Sendable {
    public typealias Context = Void
    public let id: NoteID
    public internal(set) var title: String
    public internal(set) var body: String
    public internal(set) var isPinned: Bool
    public internal(set) var updatedAt: Int64
    public internal(set) var author: ObservableUser
    public internal(set) var tags: [ObservableTag]
    public private(set) var isDeleted = false

    public init(id: NoteID, attributes: NoteAttributes, author: ObservableUser, tags: [ObservableTag], context: Void) {
        self.id = id
        title = attributes.title
        body = attributes.body
        isPinned = attributes.isPinned
        updatedAt = attributes.updatedAt
        self.author = author
        self.tags = tags
    }

    public func refresh(
        _ attributes: NoteAttributes, relinking related: (author: ObservableUser, tags: [ObservableTag])?
    ) {
        assign(attributes, relinking: related)
    }

    public func markDeleted() { isDeleted = true }
}

@Observable
public final class ObservableMessage: MainMessage, MessageFields, @unchecked Sendable {
    public typealias Context = Void
    public let id: MessageID
    public internal(set) var text: String
    public internal(set) var sentAt: Int64
    public internal(set) var editedAt: Int64?
    public internal(set) var isRead: Bool
    public internal(set) var author: ObservableUser
    public internal(set) var participants: [ObservableUser]
    public internal(set) var replies: [ObservableMessage]
    public private(set) var isDeleted = false

    public init(
        id: MessageID, attributes: MessageAttributes, author: ObservableUser, participants: [ObservableUser],
        replies: [ObservableMessage], context: Void
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
        relinking related: (author: ObservableUser, participants: [ObservableUser], replies: [ObservableMessage])?
    ) {
        assign(attributes, relinking: related)
    }

    public func markDeleted() { isDeleted = true }
}
