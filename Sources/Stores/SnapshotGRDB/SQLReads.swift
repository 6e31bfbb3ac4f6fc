import GRDB
import ModelGraph

/// What the store reads, as a GRDB app reads it: cached statements, one row
/// per model, the values a screen holds built from the rows.
///
/// Every function runs inside a `DatabaseQueue` access (`read` or `write`).
enum SQLReads {
    // MARK: Values a screen holds

    static func user(_ id: UserID, _ db: Database) throws -> User? {
        let statement = try db.cachedStatement(sql: SQL.user)
        return try Row.fetchOne(statement, arguments: [id]).map {
            User(id: id, attributes: UserAttributes(row: $0, at: 0))
        }
    }

    static func tag(_ id: TagID, _ db: Database) throws -> Tag? {
        let statement = try db.cachedStatement(sql: SQL.tag)
        return try Row.fetchOne(statement, arguments: [id]).map {
            Tag(id: id, attributes: TagAttributes(row: $0, at: 0))
        }
    }

    /// The note with its author (one join) and its tags in order (a second
    /// query), as GRDB's `including(required:)` and `including(all:)` fetch them.
    static func note(_ id: NoteID, _ db: Database) throws -> Note? {
        let statement = try db.cachedStatement(sql: SQL.noteWithAuthor)
        guard let row = try Row.fetchOne(statement, arguments: [id]) else { return nil }
        let author = User(id: row[4], attributes: UserAttributes(row: row, at: 5))
        return Note(id: id, attributes: NoteAttributes(row: row, at: 0), author: author, tags: try tags(of: id, db))
    }

    /// Whether the note's join finds its row: the lookup's first step.
    static func noteRowExists(_ id: NoteID, _ db: Database) throws -> Bool {
        try Row.fetchOne(db.cachedStatement(sql: SQL.noteWithAuthor), arguments: [id]) != nil
    }

    static func tags(of note: NoteID, _ db: Database) throws -> [Tag] {
        let statement = try db.cachedStatement(sql: SQL.tagsOfNote)
        return try Row.fetchAll(statement, arguments: [note]).map {
            Tag(id: $0[0], attributes: TagAttributes(row: $0, at: 1))
        }
    }

    /// The message and every reply below it, with authors and participants:
    /// a recursive query for the thread's rows, a second for its
    /// participants, the tree built from the leaves up.
    static func message(_ id: MessageID, _ db: Database) throws -> Message? {
        let rows = try db.cachedStatement(sql: SQL.thread)
        let participants = try db.cachedStatement(sql: SQL.threadParticipants)
        struct Fetched {
            var attributes: MessageAttributes
            var author: User
            var participants: [User] = []
            var replies: [(position: Int, id: MessageID)] = []
        }
        var fetched: [MessageID: Fetched] = [:]
        var parents: [(reply: MessageID, parent: MessageID, position: Int)] = []
        let cursor = try Row.fetchCursor(rows, arguments: [id])
        while let row = try cursor.next() {
            let messageID: MessageID = row[0]
            fetched[messageID] = Fetched(
                attributes: MessageAttributes(row: row, at: 3),
                author: User(id: row[7], attributes: UserAttributes(row: row, at: 8)))
            if messageID != id, let parent: MessageID = row[1] { parents.append((messageID, parent, row[2])) }
        }
        guard !fetched.isEmpty else { return nil }
        for (reply, parent, position) in parents { fetched[parent]?.replies.append((position, reply)) }
        let people = try Row.fetchCursor(participants, arguments: [id])
        while let row = try people.next() {
            let messageID: MessageID = row[0]
            fetched[messageID]?.participants.append(User(id: row[1], attributes: UserAttributes(row: row, at: 2)))
        }
        // Depth first from the root, each message once its replies are built.
        var built: [MessageID: Message] = [:]
        var stack: [(id: MessageID, repliesPushed: Bool)] = [(id, false)]
        while let (next, repliesPushed) = stack.popLast() {
            let entry = fetched[next]!
            let replies = entry.replies.sorted { $0.position < $1.position }.map(\.id)
            if !repliesPushed {
                stack.append((next, true))
                stack += replies.map { ($0, false) }
                continue
            }
            built[next] = Message(
                id: next, attributes: entry.attributes, author: entry.author,
                participants: entry.participants, replies: replies.map { built[$0]! })
        }
        return built[id]
    }

    // MARK: Records a write merges into

    static func userAttributes(_ id: UserID, _ db: Database) throws -> UserAttributes? {
        try user(id, db)?.attributes
    }

    static func tagAttributes(_ id: TagID, _ db: Database) throws -> TagAttributes? {
        try tag(id, db)?.attributes
    }

    static func noteRecord(_ id: NoteID, _ db: Database) throws -> NoteRecord? {
        let statement = try db.cachedStatement(sql: SQL.noteRecord)
        guard let row = try Row.fetchOne(statement, arguments: [id]) else { return nil }
        let tags = try db.cachedStatement(sql: "SELECT tagId FROM noteTag WHERE noteId = ? ORDER BY position")
        return NoteRecord(
            attributes: NoteAttributes(row: row, at: 0), author: row[4],
            tags: try TagID.fetchAll(tags, arguments: [id]))
    }

    static func messageRecord(_ id: MessageID, _ db: Database) throws -> MessageRecord? {
        let statement = try db.cachedStatement(sql: SQL.messageRecord)
        guard let row = try Row.fetchOne(statement, arguments: [id]) else { return nil }
        let participants = try db.cachedStatement(
            sql: "SELECT userId FROM participant WHERE messageId = ? ORDER BY position")
        return MessageRecord(
            attributes: MessageAttributes(row: row, at: 0), author: row[4],
            participants: try UserID.fetchAll(participants, arguments: [id]),
            replies: try replies(of: id, db))
    }

    static func replies(of message: MessageID, _ db: Database) throws -> [MessageID] {
        let statement = try db.cachedStatement(sql: "SELECT id FROM message WHERE parentId = ? ORDER BY position")
        return try MessageID.fetchAll(statement, arguments: [message])
    }

    static func parent(of message: MessageID, _ db: Database) throws -> MessageID? {
        let statement = try db.cachedStatement(sql: "SELECT parentId FROM message WHERE id = ?")
        return try MessageID?.fetchOne(statement, arguments: [message]) ?? nil
    }

    /// The ids `sql` selects for `value`, as a set.
    static func ids<ID: DatabaseValueConvertible & Hashable>(
        _ sql: String, _ value: some DatabaseValueConvertible & Sendable, _ db: Database
    ) throws -> Set<ID> {
        try Set(ID.fetchCursor(db.cachedStatement(sql: sql), arguments: [value]))
    }

    static func contains(_ model: ModelRef, _ db: Database) throws -> Bool {
        let (sql, id): (String, Int) =
            switch model {
            case .user(let id): ("SELECT 1 FROM user WHERE id = ?", id.rawValue)
            case .tag(let id): ("SELECT 1 FROM tag WHERE id = ?", id.rawValue)
            case .note(let id): ("SELECT 1 FROM note WHERE id = ?", id.rawValue)
            case .message(let id): ("SELECT 1 FROM message WHERE id = ?", id.rawValue)
            }
        return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [id]) != nil
    }

    static func modelCount(_ db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT (SELECT COUNT(*) FROM user) + (SELECT COUNT(*) FROM tag) + (SELECT COUNT(*) FROM note)
                    + (SELECT COUNT(*) FROM message)
                """) ?? 0
    }
}

/// The statements' text, built once: a cached statement is found by it.
private enum SQL {
    static let user = "SELECT \(SQLSchema.userColumns) FROM user WHERE id = ?"
    static let tag = "SELECT \(SQLSchema.tagColumns) FROM tag WHERE id = ?"
    static let noteWithAuthor = """
        SELECT \(SQLSchema.qualified(SQLSchema.noteColumns, "note")), user.id, \(SQLSchema.qualified(SQLSchema.userColumns, "user"))
        FROM note JOIN user ON user.id = note.authorId WHERE note.id = ?
        """
    static let tagsOfNote = """
        SELECT tag.id, \(SQLSchema.qualified(SQLSchema.tagColumns, "tag"))
        FROM noteTag JOIN tag ON tag.id = noteTag.tagId WHERE noteTag.noteId = ? ORDER BY noteTag.position
        """
    private static let threadIDs = """
        WITH RECURSIVE thread(id) AS (
            SELECT ? UNION ALL SELECT message.id FROM message JOIN thread ON message.parentId = thread.id)
        """
    static let thread = """
        \(threadIDs) SELECT message.id, message.parentId, message.position,
            \(SQLSchema.qualified(SQLSchema.messageColumns, "message")), user.id, \(SQLSchema.qualified(SQLSchema.userColumns, "user"))
        FROM thread JOIN message ON message.id = thread.id JOIN user ON user.id = message.authorId
        """
    static let threadParticipants = """
        \(threadIDs) SELECT participant.messageId, user.id, \(SQLSchema.qualified(SQLSchema.userColumns, "user"))
        FROM thread JOIN participant ON participant.messageId = thread.id JOIN user ON user.id = participant.userId
        ORDER BY participant.messageId, participant.position
        """
    static let noteRecord = "SELECT \(SQLSchema.noteColumns), authorId FROM note WHERE id = ?"
    static let messageRecord = "SELECT \(SQLSchema.messageColumns), authorId FROM message WHERE id = ?"
}

extension SQLReads {
    /// Every model, as values: every table read whole.
    static func state(_ db: Database) throws -> GraphState {
        var users: [UserID: UserAttributes] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, \(SQLSchema.userColumns) FROM user") {
            users[row[0]] = UserAttributes(row: row, at: 1)
        }
        var tags: [TagID: TagAttributes] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, \(SQLSchema.tagColumns) FROM tag") {
            tags[row[0]] = TagAttributes(row: row, at: 1)
        }
        var notes: [NoteID: NoteRecord] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, \(SQLSchema.noteColumns), authorId FROM note") {
            notes[row[0]] = NoteRecord(attributes: NoteAttributes(row: row, at: 1), author: row[5], tags: [])
        }
        for row in try Row.fetchAll(db, sql: "SELECT noteId, tagId FROM noteTag ORDER BY noteId, position") {
            notes[row[0] as NoteID]?.tags.append(row[1])
        }
        var messages: [MessageID: MessageRecord] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, \(SQLSchema.messageColumns), authorId FROM message") {
            messages[row[0]] = MessageRecord(
                attributes: MessageAttributes(row: row, at: 1), author: row[5],
                participants: [], replies: [])
        }
        for row in try Row.fetchAll(db, sql: "SELECT messageId, userId FROM participant ORDER BY messageId, position") {
            messages[row[0] as MessageID]?.participants.append(row[1])
        }
        for row in try Row.fetchAll(
            db, sql: "SELECT parentId, id FROM message WHERE parentId IS NOT NULL ORDER BY parentId, position")
        {
            messages[row[0] as MessageID]?.replies.append(row[1])
        }
        return GraphState(users: users, tags: tags, notes: notes, messages: messages)
    }
}
