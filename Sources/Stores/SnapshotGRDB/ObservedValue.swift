import ModelGraph

/// A value a screen holds, of any kind: what the store's one observer
/// fetched last for an observed model.
enum ObservedValue: Equatable, Sendable {
    case user(User)
    case tag(Tag)
    case note(Note)
    case message(Message)

    /// The rows it was built from, itself first: a write to any of them may
    /// change it. A note is its row, its author's and its tags'; a message
    /// is every message of its thread below it, their authors and their
    /// participants.
    ///
    /// - Complexity: O(*n*), where *n* is the number of models embedded.
    var rows: [ModelRef] {
        switch self {
        case .user(let user): return [.user(user.id)]
        case .tag(let tag): return [.tag(tag.id)]
        case .note(let note): return [.note(note.id), .user(note.author.id)] + note.tags.map { ModelRef.tag($0.id) }
        case .message(let message):
            var rows: [ModelRef] = []
            var stack = [message]
            while let next = stack.popLast() {
                rows.append(.message(next.id))
                rows.append(.user(next.author.id))
                rows += next.participants.map { ModelRef.user($0.id) }
                stack += next.replies
            }
            return rows
        }
    }
}

extension ModelRef {
    /// The rows a screen observing this model depends on when it holds
    /// `value` (nil: the model is absent, and only its own row can bring it).
    func rows(holding value: ObservedValue?) -> [ModelRef] {
        value?.rows ?? [self]
    }
}
