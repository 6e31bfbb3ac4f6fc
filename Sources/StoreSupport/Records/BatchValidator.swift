import ModelGraph

/// What validating a batch and planning a cascade ask of a store's current
/// models: questions, so that a store answers them from whatever it keeps
/// (a reverse index in memory, or SQL tables).
public protocol ModelDirectory {
    func contains(_ model: ModelRef) -> Bool
    /// The current direct replies of a message, in order.
    func replies(of message: MessageID) -> [MessageID]
    /// The message `message` replies to; nil for a thread root or an unknown message.
    func parent(of message: MessageID) -> MessageID?
    func notes(authoredBy user: UserID) -> Set<NoteID>
    func messages(authoredBy user: UserID) -> Set<MessageID>
    /// The messages whose participants include `user`.
    func messages(joinedBy user: UserID) -> Set<MessageID>
    func notes(taggedWith tag: TagID) -> Set<NoteID>
}

/// A directory that answers from a `ReverseIndex` it keeps.
public protocol IndexedDirectory: ModelDirectory {
    var index: ReverseIndex { get }
}

extension IndexedDirectory {
    @inlinable public func parent(of message: MessageID) -> MessageID? { index.parent(of: message) }
    @inlinable public func notes(authoredBy user: UserID) -> Set<NoteID> { index.notesByAuthor[user] ?? [] }
    @inlinable public func messages(authoredBy user: UserID) -> Set<MessageID> { index.messagesByAuthor[user] ?? [] }
    @inlinable public func messages(joinedBy user: UserID) -> Set<MessageID> { index.messagesByParticipant[user] ?? [] }
    @inlinable public func notes(taggedWith tag: TagID) -> Set<NoteID> { index.notesByTag[tag] ?? [] }
}

/// Checks a batch against a store before anything is applied, so that a
/// batch either merges completely or changes nothing.
///
/// It walks the payloads in exactly the order stores apply them (users,
/// tags, notes, messages; within a message its author, participants, then
/// each reply's subtree before linking it) and simulates what the batch
/// inserts and which replies it moves.
package struct BatchValidator<Directory: ModelDirectory> {
    private let directory: Directory
    private var inserted: Set<ModelRef> = []
    /// Parent links the batch has changed so far (nil: became a root).
    private var movedParents: [MessageID: MessageID?] = [:]
    /// Replies the batch has attached so far, to catch one reply under two parents.
    private var attachedInBatch: [MessageID: MessageID] = [:]

    package init(directory: Directory) {
        self.directory = directory
    }

    /// Throws the first reason the batch cannot be merged.
    package static func validate(_ batch: PayloadBatch, against directory: Directory) throws(MergeError) {
        var validator = BatchValidator(directory: directory)
        for payload in batch.users { try validator.check(payload) }
        for payload in batch.tags { try validator.check(payload) }
        for payload in batch.notes { try validator.check(payload) }
        for payload in batch.messages { try validator.check(payload) }
    }

    /// Throws the reason one patch cannot be applied.
    package static func validate(_ patch: ModelPatch, against directory: Directory) throws(MergeError) {
        var validator = BatchValidator(directory: directory)
        switch patch {
        case .user(let payload): try validator.check(payload)
        case .tag(let payload): try validator.check(payload)
        case .note(let payload): try validator.check(payload)
        case .message(let payload): try validator.check(payload)
        }
    }

    private func knows(_ model: ModelRef) -> Bool {
        inserted.contains(model) || directory.contains(model)
    }

    mutating func check(_ payload: UserPayload) throws(MergeError) {
        guard !knows(.user(payload.id)) else { return }
        _ = try UserAttributes(inserting: payload)
        inserted.insert(.user(payload.id))
    }

    mutating func check(_ payload: TagPayload) throws(MergeError) {
        guard !knows(.tag(payload.id)) else { return }
        _ = try TagAttributes(inserting: payload)
        inserted.insert(.tag(payload.id))
    }

    mutating func check(_ payload: NotePayload) throws(MergeError) {
        if !knows(.note(payload.id)) {
            _ = try NoteAttributes(inserting: payload)
            guard payload.author.isPresent else {
                throw .missingRequiredField(.note(payload.id), field: "author")
            }
            inserted.insert(.note(payload.id))
        }
        if let author = payload.author.value { try check(author) }
        for tag in payload.tags.value ?? [] { try check(tag) }
    }

    mutating func check(_ payload: MessagePayload) throws(MergeError) {
        let id = payload.id
        if !knows(.message(id)) {
            _ = try MessageAttributes(inserting: payload)
            guard payload.author.isPresent else {
                throw .missingRequiredField(.message(id), field: "author")
            }
            inserted.insert(.message(id))
        }
        if let author = payload.author.value { try check(author) }
        for participant in payload.participants.value ?? [] { try check(participant) }
        guard let replies = payload.replies.value else { return }
        // Replies no longer listed become thread roots.
        let listed = Set(replies.map(\.id))
        for old in directory.replies(of: id) where !listed.contains(old) && parent(of: old) == id {
            movedParents[old] = .some(nil)
        }
        for reply in replies {
            try check(reply)
            if let other = attachedInBatch[reply.id], other != id {
                throw .conflictingParent(reply.id)
            }
            if reply.id == id || isAncestor(reply.id, of: id) {
                throw .replyCycle(reply.id)
            }
            attachedInBatch[reply.id] = id
            movedParents[reply.id] = .some(id)
        }
    }

    private func parent(of message: MessageID) -> MessageID? {
        if let moved = movedParents[message] { return moved }
        return directory.parent(of: message)
    }

    /// More replies above a message than any thread has: a walk up that
    /// takes more steps is going round a cycle.
    private static var deepestThread: Int { 1 << 24 }

    private func isAncestor(_ candidate: MessageID, of message: MessageID) -> Bool {
        var current = message
        var steps = 0
        while let parent = parent(of: current) {
            if parent == candidate { return true }
            current = parent
            steps += 1
            precondition(steps <= Self.deepestThread, "the reply index holds a cycle")
        }
        return false
    }
}
