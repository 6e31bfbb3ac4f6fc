extension GraphState {
    /// The values a normalized graph denormalizes to: every note embeds its
    /// author and tags, every message its author, participants and replies.
    ///
    /// Every id a record refers to must have a record of its own.
    public init(
        users: [UserID: UserAttributes], tags: [TagID: TagAttributes],
        notes: [NoteID: NoteRecord], messages: [MessageID: MessageRecord]
    ) {
        var state = GraphState()
        state.users.reserveCapacity(users.count)
        for (id, attributes) in users { state.users[id] = User(id: id, attributes: attributes) }
        state.tags.reserveCapacity(tags.count)
        for (id, attributes) in tags { state.tags[id] = Tag(id: id, attributes: attributes) }
        state.notes.reserveCapacity(notes.count)
        for (id, record) in notes {
            state.notes[id] = Note(
                id: id, attributes: record.attributes, author: state.users[record.author]!,
                tags: record.tags.map { state.tags[$0]! })
        }
        state.messages.reserveCapacity(messages.count)
        for id in messages.keys { state.buildMessage(id, from: messages) }
        self = state
    }

    /// Builds a message after its replies (children first, iteratively, so a
    /// deep thread cannot overflow the stack).
    private mutating func buildMessage(_ root: MessageID, from records: [MessageID: MessageRecord]) {
        guard messages[root] == nil else { return }
        var stack: [(id: MessageID, repliesPushed: Bool)] = [(root, false)]
        while let (id, repliesPushed) = stack.popLast() {
            let record = records[id]!
            if !repliesPushed {
                stack.append((id, true))
                for reply in record.replies where messages[reply] == nil { stack.append((reply, false)) }
                continue
            }
            guard messages[id] == nil else { continue }
            messages[id] = Message(
                id: id, attributes: record.attributes, author: users[record.author]!,
                participants: record.participants.map { users[$0]! },
                replies: record.replies.map { messages[$0]! })
        }
    }
}
