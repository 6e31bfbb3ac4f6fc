/// A seeded model graph, normalized (relationships by id), that keeps
/// producing payloads for itself and tracks the state they lead to.
///
/// Ids are dense and start at 1 for every kind. The same shape and seed give
/// the same graph, the same payloads and the same JSON bytes.
public struct GeneratedGraph: Sendable {
    public let shape: GraphShape
    /// `users[i]` holds user `i + 1`; likewise for the other kinds.
    public private(set) var users: [UserAttributes] = []
    public private(set) var tags: [TagAttributes] = []
    public private(set) var notes: [NoteRecord] = []
    public private(set) var messages: [MessageRecord] = []
    /// `messageParents[i]` is the message that message `i + 1` replies to;
    /// nil for a thread root.
    public private(set) var messageParents: [MessageID?] = []
    private var random: SeededRandom
    /// Server time: every generated change is newer than the last.
    private var serverTime: Int64 = 1_700_000_000_000

    public init(shape: GraphShape, seed: UInt64) throws(GraphShapeError) {
        try shape.validate()
        self.shape = shape
        self.random = SeededRandom(seed: seed)
        users.reserveCapacity(shape.users)
        for index in 0..<shape.users { users.append(makeUser(id: index + 1)) }
        tags.reserveCapacity(shape.tags)
        for _ in 0..<shape.tags { tags.append(makeTag()) }
        notes.reserveCapacity(shape.notes)
        for index in 0..<shape.notes { notes.append(makeNote(index: index)) }
        messages.reserveCapacity(shape.messages)
        for _ in 0..<shape.threads { appendThread() }
    }

    // MARK: Ids

    public var userIDs: [UserID] { (0..<users.count).map { UserID($0 + 1) } }
    public var tagIDs: [TagID] { (0..<tags.count).map { TagID($0 + 1) } }
    public var noteIDs: [NoteID] { (0..<notes.count).map { NoteID($0 + 1) } }
    public var messageIDs: [MessageID] { (0..<messages.count).map { MessageID($0 + 1) } }
    /// The roots of the threads, in order.
    public var threadRootIDs: [MessageID] {
        messageIDs.filter { messageParents[$0.rawValue - 1] == nil }
    }

    public func user(_ id: UserID) -> UserAttributes { users[id.rawValue - 1] }
    public func tag(_ id: TagID) -> TagAttributes { tags[id.rawValue - 1] }
    public func note(_ id: NoteID) -> NoteRecord { notes[id.rawValue - 1] }
    public func message(_ id: MessageID) -> MessageRecord { messages[id.rawValue - 1] }

    // MARK: Payloads

    /// The whole graph as one server response with every field present.
    ///
    /// Users and tags come as top-level payloads; notes reference them by id;
    /// threads come as their roots with the reply trees embedded.
    public var fullBatch: PayloadBatch {
        PayloadBatch(
            users: users.indices.map { UserPayload(id: UserID($0 + 1), full: users[$0]) },
            tags: tags.indices.map { TagPayload(id: TagID($0 + 1), full: tags[$0]) },
            notes: notes.indices.map { fullPayload(note: NoteID($0 + 1)) },
            messages: threadRootIDs.map { fullPayload(message: $0) }
        )
    }

    func fullPayload(note id: NoteID) -> NotePayload {
        let record = note(id)
        return NotePayload(id: id, full: record.attributes, author: record.author, tags: record.tags)
    }

    /// A message with every field present and its reply tree embedded.
    public func fullPayload(message id: MessageID) -> MessagePayload {
        let record = message(id)
        let attributes = record.attributes
        return MessagePayload(
            id: id,
            text: .present(attributes.text),
            sentAt: .present(attributes.sentAt),
            editedAt: .present(attributes.editedAt),
            isRead: .present(attributes.isRead),
            author: .present(UserPayload(id: record.author)),
            participants: .present(record.participants.map { UserPayload(id: $0) }),
            replies: .present(record.replies.map { fullPayload(message: $0) })
        )
    }

    // MARK: Partial updates

    /// A payload carrying `fieldCount` randomly chosen fields of a user.
    ///
    /// With `noOp` the fields carry the values the user already has, so a
    /// store should short-circuit the merge; otherwise every carried field gets
    /// a new value and this graph records it.
    public mutating func partialUpdate(user id: UserID, fieldCount: Int, noOp: Bool) -> UserPayload {
        var payload = UserPayload(id: id)
        let current = user(id)
        for field in chooseFields(of: 7, count: fieldCount) {
            switch field {
            case 0: payload.name = .present(noOp ? current.name : TextSource.name(&random) + " " + revision())
            case 1: payload.username = .present(noOp ? current.username : current.username + "_" + revision())
            case 2:
                payload.avatarURL = .present(
                    noOp ? current.avatarURL : TextSource.avatarURL(id: id.rawValue, version: Int(tick())))
            case 3:
                payload.bio = .present(noOp ? current.bio : (current.bio == nil ? TextSource.sentence(&random) : nil))
            case 4: payload.isOnline = .present(noOp ? current.isOnline : !current.isOnline)
            case 5: payload.followerCount = .present(noOp ? current.followerCount : current.followerCount + 1)
            default: payload.updatedAt = .present(noOp ? current.updatedAt : tick())
            }
        }
        if !noOp { _ = users[id.rawValue - 1].merge(payload) }
        return payload
    }

    /// A payload carrying `fieldCount` randomly chosen fields of a note's own
    /// attributes (see `partialUpdate(user:fieldCount:noOp:)`).
    public mutating func partialUpdate(note id: NoteID, fieldCount: Int, noOp: Bool) -> NotePayload {
        var payload = NotePayload(id: id)
        let current = note(id).attributes
        for field in chooseFields(of: 4, count: fieldCount) {
            switch field {
            case 0: payload.title = .present(noOp ? current.title : TextSource.words(5, &random) + " " + revision())
            case 1: payload.body = .present(noOp ? current.body : TextSource.paragraph(&random))
            case 2: payload.isPinned = .present(noOp ? current.isPinned : !current.isPinned)
            default: payload.updatedAt = .present(noOp ? current.updatedAt : tick())
            }
        }
        if !noOp { _ = notes[id.rawValue - 1].attributes.merge(payload) }
        return payload
    }

    /// A new name for a tag, recorded in this graph.
    public mutating func rename(tag id: TagID) -> TagPayload {
        let payload = TagPayload(
            id: id, name: .present(TextSource.words(2, &random) + " " + revision()),
            updatedAt: .present(tick()))
        _ = tags[id.rawValue - 1].merge(payload)
        return payload
    }

    /// New text for every message of the thread rooted at `root`, as one
    /// payload with the reply tree embedded; recorded in this graph.
    public mutating func editThread(root: MessageID) -> MessagePayload {
        let time = tick()
        var pending = [root]
        while let id = pending.popLast() {
            messages[id.rawValue - 1].attributes.text = TextSource.sentence(&random)
            messages[id.rawValue - 1].attributes.editedAt = time
            pending += messages[id.rawValue - 1].replies
        }
        return fullPayload(message: root)
    }

    // MARK: Expected values

    /// The graph as values, as a store holding exactly this graph exports it.
    public var state: GraphState {
        func keyed<ID: Hashable, Value>(_ values: [Value], _ makeID: (Int) -> ID) -> [ID: Value] {
            Dictionary(uniqueKeysWithValues: values.indices.map { (makeID($0 + 1), values[$0]) })
        }
        return GraphState(
            users: keyed(users, UserID.init), tags: keyed(tags, TagID.init),
            notes: keyed(notes, NoteID.init), messages: keyed(messages, MessageID.init))
    }

    // MARK: Building

    private mutating func tick() -> Int64 {
        serverTime += 1
        return serverTime
    }

    private mutating func revision() -> String {
        "rev \(tick() % 100_000)"
    }

    private mutating func chooseFields(of total: Int, count: Int) -> ArraySlice<Int> {
        var fields = Array(0..<total)
        fields.shuffle(using: &random)
        return fields.prefix(max(0, min(count, total)))
    }

    private mutating func makeUser(id: Int) -> UserAttributes {
        let name = TextSource.name(&random)
        return UserAttributes(
            name: name,
            username: TextSource.username(for: name, id: id),
            avatarURL: TextSource.avatarURL(id: id, version: 1),
            bio: random.below(10) < 7 ? TextSource.sentence(&random) : nil,
            isOnline: random.below(2) == 0,
            followerCount: random.below(10_000),
            updatedAt: tick()
        )
    }

    private mutating func makeTag() -> TagAttributes {
        TagAttributes(
            name: TextSource.words(1 + random.below(2), &random),
            colorHex: random.below(4) == 0 ? nil : TextSource.color(&random),
            updatedAt: tick()
        )
    }

    /// Tags go round-robin, so every tag carries the same number of notes
    /// (within one): `notes * tagsPerNote / tags`.
    private mutating func makeNote(index: Int) -> NoteRecord {
        NoteRecord(
            attributes: NoteAttributes(
                title: TextSource.words(4 + random.below(5), &random),
                body: TextSource.paragraph(&random),
                isPinned: random.below(10) == 0,
                updatedAt: tick()
            ),
            author: UserID(1 + random.below(users.count)),
            tags: (0..<shape.tagsPerNote).map { TagID(1 + (index * shape.tagsPerNote + $0) % tags.count) }
        )
    }

    /// One thread, breadth first: the root, then each level of replies.
    private mutating func appendThread() {
        if let size = shape.threadSize {
            appendThread(exactly: size)
            return
        }
        var level = [appendMessage(parent: nil)]
        for _ in 0..<shape.threadDepth {
            var next: [MessageID] = []
            for parent in level {
                for _ in 0..<shape.repliesPerMessage {
                    let reply = appendMessage(parent: parent)
                    messages[parent.rawValue - 1].replies.append(reply)
                    next.append(reply)
                }
            }
            level = next
        }
    }

    /// A thread of exactly `size` messages: message `i` (from 0, breadth
    /// first) replies to message `(i - 1) / repliesPerMessage`.
    private mutating func appendThread(exactly size: Int) {
        var thread: [MessageID] = []
        thread.reserveCapacity(size)
        for index in 0..<size {
            let parent = index == 0 ? nil : thread[(index - 1) / shape.repliesPerMessage]
            let message = appendMessage(parent: parent)
            if let parent { messages[parent.rawValue - 1].replies.append(message) }
            thread.append(message)
        }
    }

    private mutating func appendMessage(parent: MessageID?) -> MessageID {
        var participants: [UserID] = []
        var chosen = Set<Int>()
        while participants.count < shape.participantsPerMessage {
            let candidate = random.below(users.count)
            if chosen.insert(candidate).inserted { participants.append(UserID(candidate + 1)) }
        }
        messages.append(
            MessageRecord(
                attributes: MessageAttributes(
                    text: TextSource.sentence(&random), sentAt: tick(), editedAt: nil, isRead: random.below(2) == 0),
                author: UserID(1 + random.below(users.count)),
                participants: participants,
                replies: []
            ))
        messageParents.append(parent)
        return MessageID(messages.count)
    }
}
