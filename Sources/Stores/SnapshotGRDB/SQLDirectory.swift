import GRDB
import ModelGraph
import StoreSupport

/// The store's tables as the batch validator and the cascade planner ask
/// about them, answered by SQL within the write that asks.
struct SQLDirectory: ModelDirectory {
    let db: Database

    func contains(_ model: ModelRef) -> Bool {
        mustSucceed { try SQLReads.contains(model, db) }
    }

    func replies(of message: MessageID) -> [MessageID] {
        mustSucceed { try SQLReads.replies(of: message, db) }
    }

    func parent(of message: MessageID) -> MessageID? {
        mustSucceed { try SQLReads.parent(of: message, db) }
    }

    func notes(authoredBy user: UserID) -> Set<NoteID> {
        mustSucceed { try SQLReads.ids("SELECT id FROM note WHERE authorId = ?", user, db) }
    }

    func messages(authoredBy user: UserID) -> Set<MessageID> {
        mustSucceed { try SQLReads.ids("SELECT id FROM message WHERE authorId = ?", user, db) }
    }

    func messages(joinedBy user: UserID) -> Set<MessageID> {
        mustSucceed { try SQLReads.ids("SELECT messageId FROM participant WHERE userId = ?", user, db) }
    }

    func notes(taggedWith tag: TagID) -> Set<NoteID> {
        mustSucceed { try SQLReads.ids("SELECT noteId FROM noteTag WHERE tagId = ?", tag, db) }
    }
}

/// Runs SQL that cannot fail on the store's own schema and a validated
/// batch; a failure is a defect of the store, not of its input.
func mustSucceed<T>(_ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        preconditionFailure("snapshot-grdb: SQL failed on its own schema: \(error)")
    }
}
