/// One server response: payloads of every kind, merged children first.
///
/// Merging applies users, then tags, then notes, then messages, so a parent
/// in the same batch finds its children already merged.
public struct PayloadBatch: Hashable, Sendable {
    public var users: [UserPayload]
    public var tags: [TagPayload]
    public var notes: [NotePayload]
    public var messages: [MessagePayload]

    public init(
        users: [UserPayload] = [],
        tags: [TagPayload] = [],
        notes: [NotePayload] = [],
        messages: [MessagePayload] = []
    ) {
        self.users = users
        self.tags = tags
        self.notes = notes
        self.messages = messages
    }

    /// The number of top-level payloads (embedded ones are not counted).
    public var count: Int {
        users.count + tags.count + notes.count + messages.count
    }

    public var isEmpty: Bool { count == 0 }

    /// Appends another batch's payloads after this one's.
    public mutating func append(contentsOf other: PayloadBatch) {
        users += other.users
        tags += other.tags
        notes += other.notes
        messages += other.messages
    }
}

/// A change to exactly one model: a local edit, or a one-model push.
///
/// Stores apply it exactly as they merge that payload from a batch, without
/// building a batch (and its arrays) for one payload.
public enum ModelPatch: Hashable, Sendable {
    case user(UserPayload)
    case tag(TagPayload)
    case note(NotePayload)
    case message(MessagePayload)

    /// The model this patch changes.
    public var target: ModelRef {
        switch self {
        case .user(let payload): .user(payload.id)
        case .tag(let payload): .tag(payload.id)
        case .note(let payload): .note(payload.id)
        case .message(let payload): .message(payload.id)
        }
    }
}
