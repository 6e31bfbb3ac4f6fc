/// Any model of the graph, named by kind and id.
public enum ModelRef: Hashable, Sendable, CustomStringConvertible {
    case user(UserID)
    case tag(TagID)
    case note(NoteID)
    case message(MessageID)

    public var kind: ModelKind {
        switch self {
        case .user: .user
        case .tag: .tag
        case .note: .note
        case .message: .message
        }
    }

    public var description: String {
        switch self {
        case .user(let id): "user \(id)"
        case .tag(let id): "tag \(id)"
        case .note(let id): "note \(id)"
        case .message(let id): "message \(id)"
        }
    }
}

/// The kinds of model in the graph.
public enum ModelKind: String, CaseIterable, Sendable, Codable {
    case user, tag, note, message
}
