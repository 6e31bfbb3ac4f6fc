import Instrumentation
import ModelGraph
import StoreSupport

/// The one live object for a note id. It holds its author and tags as live
/// objects, so a renamed tag shows in every note at once, with nothing to
/// rebuild. See `LockedObject` for the locking.
public final class LiveNote: LockedObject, LiveNoteObject, @unchecked Sendable {
    // @unchecked: its fields are read and written only with its stripe held
    // (`LockedObject`).
    public let id: NoteID
    @exclusivity(unchecked) var fields: NoteAttributes
    @exclusivity(unchecked) var authorObject: LiveUser
    @exclusivity(unchecked) var tagObjects: [LiveTag]

    public init(id: NoteID, attributes: NoteAttributes, author: LiveUser, tags: [LiveTag], context locks: StripedLocks)
    {
        self.id = id
        self.fields = attributes
        self.authorObject = author
        self.tagObjects = tags
        super.init(locks: locks, key: Self.key(kind: 2, id: id.rawValue))
    }

    public func refresh(_ attributes: NoteAttributes, relinking related: (author: LiveUser, tags: [LiveTag])?) {
        withLock {
            fields = attributes
            if let related {
                authorObject = related.author
                tagObjects = related.tags
            }
        }
    }

    public var attributes: NoteAttributes { withLock { fields } }
    public var title: String { withLock { fields.title } }
    public var isPinned: Bool { withLock { fields.isPinned } }
    public var updatedAt: Int64 { withLock { fields.updatedAt } }
    public var author: LiveUser { withLock { authorObject } }
    public var tags: [LiveTag] { withLock { tagObjects } }
}
