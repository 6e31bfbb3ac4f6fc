import ModelGraph
import StoreInterface
import StoreSupport

/// What one write to a `SnapshotEmbeddedStore` has changed so far.
///
/// Payloads are applied one by one: users and tags replace their snapshots
/// at once; notes and messages collect their new fields and links in drafts.
/// `EmbeddedTables.commit` then rebuilds each affected parent exactly once.
public struct EmbeddedWrite: StoreWrite {
    /// A note's own fields and links, changed by this write.
    struct NoteDraft {
        var attributes: NoteAttributes
        var author: UserID
        var tags: [TagID]
    }

    /// A message's own fields and links, changed by this write.
    struct MessageDraft {
        var attributes: MessageAttributes
        var author: UserID
        var participants: [UserID]
        var replies: [MessageID]
    }

    public var summary = ChangeSummary()
    /// Users and tags whose snapshots this write replaced or inserted.
    var changedUsers: Set<UserID> = []
    var changedTags: Set<TagID> = []
    var noteDrafts: [NoteID: NoteDraft] = [:]
    var messageDrafts: [MessageID: MessageDraft] = [:]
    /// Notes and messages rebuilt by `commit`, in rebuild order.
    var rebuiltNotes: [NoteID] = []
    var rebuiltMessages: [MessageID] = []
    public var deleted: [ModelRef] = []

    public init() {}
}

/// Which embedded parts of a parent snapshot must be rebuilt.
struct EmbeddedParts: OptionSet {
    let rawValue: UInt8
    /// The parent's own fields or links changed (it has a draft).
    static let own = EmbeddedParts(rawValue: 1 << 0)
    static let author = EmbeddedParts(rawValue: 1 << 1)
    /// Tags of a note, participants of a message.
    static let members = EmbeddedParts(rawValue: 1 << 2)
    static let replies = EmbeddedParts(rawValue: 1 << 3)
}
