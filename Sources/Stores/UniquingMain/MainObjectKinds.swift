import ModelGraph
import StoreInterface
import StoreSupport

/// The objects a main-confined store hands out: live objects that only the
/// main thread reads and changes, so they need no lock, with the fields a
/// row displays. Plain classes, or `@Observable` ones (`uniquing-observable`).
public protocol MainObjectKinds: LiveObjectKinds, SendableMetatype
where Context == Void, User: MainUser, Tag: MainTag, Note: MainNote, Message: MainMessage {
    /// The store built on these objects.
    static var design: StoreDesign { get }
    /// What a row of these objects is built from, for the store's floor.
    static var rowPrimitives: String { get }
}

public protocol MainUser: LiveUserObject, Sendable {
    var id: UserID { get }
    var name: String { get }
    var username: String { get }
    var avatarURL: String { get }
    var isOnline: Bool { get }
    var isDeleted: Bool { get }
}

public protocol MainTag: LiveTagObject, Sendable {
    var id: TagID { get }
    var name: String { get }
    var isDeleted: Bool { get }
}

public protocol MainNote: LiveNoteObject, Sendable {
    var id: NoteID { get }
    var title: String { get }
    var isPinned: Bool { get }
    var updatedAt: Int64 { get }
    var author: User { get }
    var tags: [Tag] { get }
    var isDeleted: Bool { get }
}

public protocol MainMessage: LiveMessageObject, Sendable {
    var id: MessageID { get }
    var text: String { get }
    var sentAt: Int64 { get }
    var author: User { get }
    var participants: [User] { get }
    var replies: [Self] { get }
    var isDeleted: Bool { get }
}
