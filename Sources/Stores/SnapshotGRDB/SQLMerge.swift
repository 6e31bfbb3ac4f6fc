import GRDB
import ModelGraph
import StoreInterface
import StoreSupport

/// A validated batch merged into the tables inside one write transaction,
/// as a GRDB app's sync code does it: each payload's model read by primary
/// key, the payload's present fields merged into it, the row written back
/// only when something changed (so an equal payload touches nothing and no
/// observation hears of it). The order and the counts are the interface's
/// (`PayloadMerging`, the order `BatchValidator` checked in).
struct SQLMerge: PayloadMerging {
    let db: Database

    /// What `body` merged with a fresh merge in `db`.
    static func summarize(_ db: Database, _ body: (inout SQLMerge, inout ChangeSummary) -> Void) -> ChangeSummary {
        var merge = SQLMerge(db: db)
        var summary = ChangeSummary()
        body(&merge, &summary)
        return summary
    }

    mutating func merge(_ payload: UserPayload, into summary: inout ChangeSummary) {
        upsert(try SQLReads.userAttributes(payload.id, db), id: payload.id, into: &summary,
               merge: { $0.merge(payload) }, insert: { () throws(MergeError) in try UserAttributes(inserting: payload) },
               arguments: \.arguments, update: SQL.updateUser, insert: SQL.insertUser)
    }

    mutating func merge(_ payload: TagPayload, into summary: inout ChangeSummary) {
        upsert(try SQLReads.tagAttributes(payload.id, db), id: payload.id, into: &summary,
               merge: { $0.merge(payload) }, insert: { () throws(MergeError) in try TagAttributes(inserting: payload) },
               arguments: \.arguments, update: SQL.updateTag, insert: SQL.insertTag)
    }

    /// A model without relationships: its row updated when the payload
    /// changed a field, inserted when there was none.
    private func upsert<Attributes>(
        _ current: @autoclosure () throws -> Attributes?, id: some DatabaseValueConvertible, into summary: inout ChangeSummary,
        merge: (inout Attributes) -> Bool, insert: () throws(MergeError) -> Attributes,
        arguments: (Attributes) -> [(any DatabaseValueConvertible)?], update: String, insert insertSQL: String
    ) {
        mustSucceed {
            if var attributes = try current() {
                guard merge(&attributes) else { return summary.unchanged += 1 }
                try db.cachedStatement(sql: update).execute(arguments: StatementArguments(arguments(attributes) + [id]))
                summary.updated += 1
            } else {
                let attributes = validated(insert)
                try db.cachedStatement(sql: insertSQL).execute(arguments: StatementArguments([id] + arguments(attributes)))
                summary.inserted += 1
            }
        }
    }

    mutating func merge(_ payload: NotePayload, into summary: inout ChangeSummary) {
        if let author = payload.author.value { merge(author, into: &summary) }
        for tag in payload.tags.value ?? [] { merge(tag, into: &summary) }
        let id = payload.id
        mustSucceed {
            guard var record = try SQLReads.noteRecord(id, db) else {
                let attributes = validated { () throws(MergeError) in try NoteAttributes(inserting: payload) }
                try db.cachedStatement(sql: SQL.insertNote)
                    .execute(arguments: StatementArguments([id] + attributes.arguments + [payload.author.value!.id]))
                try link(note: id, tags: payload.tags.value?.map(\.id) ?? [])
                summary.inserted += 1
                return
            }
            let attributesChanged = record.attributes.merge(payload)
            let newAuthor = payload.author.value.map(\.id).flatMap { $0 == record.author ? nil : $0 }
            let newTags = Self.changed(payload.tags.value?.lazy.map(\.id), from: record.tags)
            guard attributesChanged || newAuthor != nil || newTags != nil else { return summary.unchanged += 1 }
            // The row is written even when only the links changed: the
            // observer hears of a model through its row.
            record.author = newAuthor ?? record.author
            try db.cachedStatement(sql: SQL.updateNote)
                .execute(arguments: StatementArguments(record.attributes.arguments + [record.author, id]))
            if let newTags {
                try db.cachedStatement(sql: "DELETE FROM noteTag WHERE noteId = ?").execute(arguments: [id])
                try link(note: id, tags: newTags)
            }
            summary.updated += 1
        }
    }

    mutating func merge(_ payload: MessagePayload, into summary: inout ChangeSummary) {
        if let author = payload.author.value { merge(author, into: &summary) }
        for participant in payload.participants.value ?? [] { merge(participant, into: &summary) }
        for reply in payload.replies.value ?? [] { merge(reply, into: &summary) }
        let id = payload.id
        mustSucceed {
            guard var record = try SQLReads.messageRecord(id, db) else {
                let attributes = validated { () throws(MergeError) in try MessageAttributes(inserting: payload) }
                try db.cachedStatement(sql: SQL.insertMessage)
                    .execute(arguments: StatementArguments([id] + attributes.arguments + [payload.author.value!.id]))
                try link(message: id, participants: payload.participants.value?.map(\.id) ?? [])
                if let replies = payload.replies.value?.map(\.id), !replies.isEmpty {
                    try attach(replies, to: id, currently: [], into: &summary)
                }
                summary.inserted += 1
                return
            }
            let attributesChanged = record.attributes.merge(payload)
            let newAuthor = payload.author.value.map(\.id).flatMap { $0 == record.author ? nil : $0 }
            let newParticipants = Self.changed(payload.participants.value?.lazy.map(\.id), from: record.participants)
            let newReplies = Self.changed(payload.replies.value?.lazy.map(\.id), from: record.replies)
            guard attributesChanged || newAuthor != nil || newParticipants != nil || newReplies != nil else {
                return summary.unchanged += 1
            }
            record.author = newAuthor ?? record.author
            try db.cachedStatement(sql: SQL.updateMessage)
                .execute(arguments: StatementArguments(record.attributes.arguments + [record.author, id]))
            if let newParticipants {
                try db.cachedStatement(sql: "DELETE FROM participant WHERE messageId = ?").execute(arguments: [id])
                try link(message: id, participants: newParticipants)
            }
            if let newReplies { try attach(newReplies, to: id, currently: record.replies, into: &summary) }
            summary.updated += 1
        }
    }

    /// The ids a payload lists, when it lists them and they differ from the
    /// record's, in order; nil: keep the record's. Compared lazily, so an
    /// unchanged list builds no array.
    private static func changed<Listed: Sequence>(
        _ listed: Listed?, from current: some Sequence<Listed.Element>
    ) -> [Listed.Element]? where Listed.Element: Equatable {
        listed.flatMap { $0.elementsEqual(current) ? nil : Array($0) }
    }

    private func link(note: NoteID, tags: [TagID]) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO noteTag(noteId, position, tagId) VALUES (?, ?, ?)")
        for (position, tag) in tags.enumerated() { try insert.execute(arguments: [note, position, tag]) }
    }

    private func link(message: MessageID, participants: [UserID]) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO participant(messageId, position, userId) VALUES (?, ?, ?)")
        for (position, user) in participants.enumerated() { try insert.execute(arguments: [message, position, user]) }
    }

    /// Makes `replies` the replies of `parent`, in order: replies no longer
    /// listed become thread roots; a reply moved from another message
    /// leaves it, which counts as that message's update.
    private func attach(
        _ replies: [MessageID], to parent: MessageID, currently: [MessageID], into summary: inout ChangeSummary
    ) throws {
        let listed = Set(replies)
        let setParent = try db.cachedStatement(sql: "UPDATE message SET parentId = ?, position = ? WHERE id = ?")
        for old in currently where !listed.contains(old) {
            try setParent.execute(arguments: [nil, nil, old] as StatementArguments)
        }
        for (position, reply) in replies.enumerated() {
            if let oldParent = try SQLReads.parent(of: reply, db), oldParent != parent {
                try db.cachedStatement(sql: SQL.touchMessage).execute(arguments: [oldParent])
                summary.updated += 1
            }
            try setParent.execute(arguments: [parent, position, reply])
        }
    }
}

/// The writes' statements, built once.
private enum SQL {
    static func placeholders(_ columns: String) -> String {
        columns.split(separator: ", ").map { _ in "?" }.joined(separator: ", ")
    }

    static func assignments(_ columns: String) -> String {
        columns.split(separator: ", ").map { "\($0) = ?" }.joined(separator: ", ")
    }

    static let insertUser = "INSERT INTO user(id, \(SQLSchema.userColumns)) VALUES (?, \(placeholders(SQLSchema.userColumns)))"
    static let updateUser = "UPDATE user SET \(assignments(SQLSchema.userColumns)) WHERE id = ?"
    static let insertTag = "INSERT INTO tag(id, \(SQLSchema.tagColumns)) VALUES (?, \(placeholders(SQLSchema.tagColumns)))"
    static let updateTag = "UPDATE tag SET \(assignments(SQLSchema.tagColumns)) WHERE id = ?"
    static let insertNote = """
        INSERT INTO note(id, \(SQLSchema.noteColumns), authorId) VALUES (?, \(placeholders(SQLSchema.noteColumns)), ?)
        """
    static let updateNote = "UPDATE note SET \(assignments(SQLSchema.noteColumns)), authorId = ? WHERE id = ?"
    static let insertMessage = """
        INSERT INTO message(id, \(SQLSchema.messageColumns), authorId) VALUES (?, \(placeholders(SQLSchema.messageColumns)), ?)
        """
    /// Writes a message's row unchanged: the message lost a reply.
    static let touchMessage = "UPDATE message SET isRead = isRead WHERE id = ?"
    static let updateMessage = "UPDATE message SET \(assignments(SQLSchema.messageColumns)), authorId = ? WHERE id = ?"
}
