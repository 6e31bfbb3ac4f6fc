import Instrumentation
import ModelGraph

/// The one live object for a note id. It holds its author and tags as live
/// objects, so a renamed tag shows in every note at once, with nothing to
/// rebuild. See `LiveObject` for the locking.
public final class LiveNote: LiveObject, @unchecked Sendable {
    public let id: NoteID
    var fields: NoteAttributes
    var authorObject: LiveUser
    var tagObjects: [LiveTag]

    init(id: NoteID, attributes: NoteAttributes, author: LiveUser, tags: [LiveTag], locks: StripedLocks) {
        self.id = id
        self.fields = attributes
        self.authorObject = author
        self.tagObjects = tags
        super.init(locks: locks, key: Self.key(kind: 2, id: id.rawValue))
    }

    public var attributes: NoteAttributes { withLock { fields } }
    public var title: String { withLock { fields.title } }
    public var isPinned: Bool { withLock { fields.isPinned } }
    public var updatedAt: Int64 { withLock { fields.updatedAt } }
    public var author: LiveUser { withLock { authorObject } }
    public var tags: [LiveTag] { withLock { tagObjects } }
}
