import GRDB
import ModelGraph

/// The tables a GRDB app keeps its models in: one row per model, its
/// relationships as foreign keys (an author, a parent message) and ordered
/// link tables (a note's tags, a message's participants), each deleting
/// with what it refers to (`ON DELETE CASCADE`: SQLite carries out the
/// interface's cascade). GRDB switches foreign keys on for every connection.
enum SQLSchema {
    static let statements = """
        CREATE TABLE user(
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, username TEXT NOT NULL, avatarURL TEXT NOT NULL,
            bio TEXT, isOnline INTEGER NOT NULL, followerCount INTEGER NOT NULL, updatedAt INTEGER NOT NULL);
        CREATE TABLE tag(id INTEGER PRIMARY KEY, name TEXT NOT NULL, colorHex TEXT, updatedAt INTEGER NOT NULL);
        CREATE TABLE note(
            id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, isPinned INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL, authorId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE);
        CREATE INDEX noteByAuthor ON note(authorId);
        CREATE TABLE noteTag(
            noteId INTEGER NOT NULL REFERENCES note(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            tagId INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE, PRIMARY KEY(noteId, position)) WITHOUT ROWID;
        CREATE INDEX noteTagByTag ON noteTag(tagId);
        CREATE TABLE message(
            id INTEGER PRIMARY KEY, text TEXT NOT NULL, sentAt INTEGER NOT NULL, editedAt INTEGER,
            isRead INTEGER NOT NULL, authorId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            parentId INTEGER REFERENCES message(id) ON DELETE CASCADE, position INTEGER);
        CREATE INDEX messageByAuthor ON message(authorId);
        CREATE INDEX messageByParent ON message(parentId, position);
        CREATE TABLE participant(
            messageId INTEGER NOT NULL REFERENCES message(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            PRIMARY KEY(messageId, position)) WITHOUT ROWID;
        CREATE INDEX participantByUser ON participant(userId);
        """

    /// The tables whose rows are models, each row id a model's id.
    static let modelTables: Set<String> = ["user", "tag", "note", "message"]

    /// `columns` ("a, b") each prefixed with `table`: "t.a, t.b".
    static func qualified(_ columns: String, _ table: String) -> String {
        columns.split(separator: ", ").map { "\(table).\($0)" }.joined(separator: ", ")
    }

    /// A user's columns, in `UserAttributes(row:at:)` order.
    static let userColumns = "name, username, avatarURL, bio, isOnline, followerCount, updatedAt"
    static let tagColumns = "name, colorHex, updatedAt"
    static let noteColumns = "title, body, isPinned, updatedAt"
    static let messageColumns = "text, sentAt, editedAt, isRead"
}

// Rows into the model graph's values, column by column from `offset`.

extension UserAttributes {
    init(row: Row, at offset: Int) {
        self.init(
            name: row[offset], username: row[offset + 1], avatarURL: row[offset + 2], bio: row[offset + 3],
            isOnline: row[offset + 4], followerCount: row[offset + 5], updatedAt: row[offset + 6])
    }

    /// Its values in `SQLSchema.userColumns` order.
    var arguments: [(any DatabaseValueConvertible)?] {
        [name, username, avatarURL, bio, isOnline, followerCount, updatedAt]
    }
}

extension TagAttributes {
    init(row: Row, at offset: Int) {
        self.init(name: row[offset], colorHex: row[offset + 1], updatedAt: row[offset + 2])
    }

    var arguments: [(any DatabaseValueConvertible)?] { [name, colorHex, updatedAt] }
}

extension NoteAttributes {
    init(row: Row, at offset: Int) {
        self.init(title: row[offset], body: row[offset + 1], isPinned: row[offset + 2], updatedAt: row[offset + 3])
    }

    var arguments: [(any DatabaseValueConvertible)?] { [title, body, isPinned, updatedAt] }
}

extension MessageAttributes {
    init(row: Row, at offset: Int) {
        self.init(text: row[offset], sentAt: row[offset + 1], editedAt: row[offset + 2], isRead: row[offset + 3])
    }

    var arguments: [(any DatabaseValueConvertible)?] { [text, sentAt, editedAt, isRead] }
}

extension ModelID: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> ModelID? {
        Int.fromDatabaseValue(value).map(ModelID.init)
    }
}
