import GRDB
import ModelGraph

extension SQLReads {
    /// The model's value as a screen holds it; nil when it is absent.
    static func value(of model: ModelRef, _ db: Database) throws -> ObservedValue? {
        switch model {
        case .user(let id): try user(id, db).map(ObservedValue.user)
        case .tag(let id): try tag(id, db).map(ObservedValue.tag)
        case .note(let id): try note(id, db).map(ObservedValue.note)
        case .message(let id): try message(id, db).map(ObservedValue.message)
        }
    }

    /// The values of `models` that exist: users, tags and notes in one query
    /// per kind (a note's tags in a second), each message's thread by its
    /// recursive query.
    ///
    /// - Complexity: one statement compiled per kind present, as an `IN`
    ///   list of any length is.
    static func values(of models: Set<ModelRef>, _ db: Database) throws -> [ModelRef: ObservedValue] {
        var users: [UserID] = [], tags: [TagID] = [], notes: [NoteID] = [], messages: [MessageID] = []
        for model in models {
            switch model {
            case .user(let id): users.append(id)
            case .tag(let id): tags.append(id)
            case .note(let id): notes.append(id)
            case .message(let id): messages.append(id)
            }
        }
        var values: [ModelRef: ObservedValue] = [:]
        values.reserveCapacity(models.count)
        if !users.isEmpty {
            let rows = try Row.fetchCursor(db, sql: SQL.users(users.count), arguments: StatementArguments(users))
            while let row = try rows.next() {
                let user = User(id: row[0], attributes: UserAttributes(row: row, at: 1))
                values[.user(user.id)] = .user(user)
            }
        }
        if !tags.isEmpty {
            let rows = try Row.fetchCursor(db, sql: SQL.tags(tags.count), arguments: StatementArguments(tags))
            while let row = try rows.next() {
                let tag = Tag(id: row[0], attributes: TagAttributes(row: row, at: 1))
                values[.tag(tag.id)] = .tag(tag)
            }
        }
        if !notes.isEmpty {
            for note in try Self.notes(notes, db) { values[.note(note.id)] = .note(note) }
        }
        for id in messages {
            if let message = try message(id, db) { values[.message(id)] = .message(message) }
        }
        return values
    }

    /// The notes of `ids` that exist, with their authors (one join) and their
    /// tags in order (a second query).
    private static func notes(_ ids: [NoteID], _ db: Database) throws -> [Note] {
        let arguments = StatementArguments(ids)
        var tags: [NoteID: [Tag]] = [:]
        let tagRows = try Row.fetchCursor(db, sql: SQL.tagsOfNotes(ids.count), arguments: arguments)
        while let row = try tagRows.next() {
            tags[row[0], default: []].append(Tag(id: row[1], attributes: TagAttributes(row: row, at: 2)))
        }
        var notes: [Note] = []
        let rows = try Row.fetchCursor(db, sql: SQL.notesWithAuthors(ids.count), arguments: arguments)
        while let row = try rows.next() {
            let id: NoteID = row[0]
            let author = User(id: row[5], attributes: UserAttributes(row: row, at: 6))
            notes.append(
                Note(id: id, attributes: NoteAttributes(row: row, at: 1), author: author, tags: tags[id] ?? []))
        }
        return notes
    }
}

/// The statements with an `IN` list, built for its length.
private enum SQL {
    static func list(_ count: Int) -> String {
        "(" + repeatElement("?", count: count).joined(separator: ", ") + ")"
    }

    static func users(_ count: Int) -> String {
        "SELECT id, \(SQLSchema.userColumns) FROM user WHERE id IN \(list(count))"
    }

    static func tags(_ count: Int) -> String {
        "SELECT id, \(SQLSchema.tagColumns) FROM tag WHERE id IN \(list(count))"
    }

    static func notesWithAuthors(_ count: Int) -> String {
        """
        SELECT note.id, \(SQLSchema.qualified(SQLSchema.noteColumns, "note")), user.id, \(SQLSchema.qualified(SQLSchema.userColumns, "user"))
        FROM note JOIN user ON user.id = note.authorId WHERE note.id IN \(list(count))
        """
    }

    static func tagsOfNotes(_ count: Int) -> String {
        """
        SELECT noteTag.noteId, tag.id, \(SQLSchema.qualified(SQLSchema.tagColumns, "tag"))
        FROM noteTag JOIN tag ON tag.id = noteTag.tagId WHERE noteTag.noteId IN \(list(count))
        ORDER BY noteTag.noteId, noteTag.position
        """
    }
}
