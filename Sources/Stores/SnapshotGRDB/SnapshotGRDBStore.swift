import GRDB
import ModelGraph
import StoreInterface
import StoreSupport

/// `snapshot-grdb`: the library a Swift engineer would pick for immutable
/// values, GRDB (`groue/GRDB.swift` 7.10.0), used as its documentation uses
/// it: record values fetched from SQLite, writes serialized through a
/// `DatabaseQueue`, screens kept current by one transaction observer.
///
/// What sets its costs, and where GRDB does the same (files of
/// `groue/GRDB.swift` at 7.10.0):
/// - One in-memory database behind a `DatabaseQueue` (`DatabaseQueue()`):
///   every read and write runs on its serial queue, the caller blocked until
///   it is done (`GRDB/Core/DatabaseQueue.swift`: `read` at line 228 and
///   `writeWithoutTransaction` at 395 are `writer.sync`), so readers on other
///   threads queue behind writers and each other. A read runs in
///   `db.isolated(readOnly: true)` (line 230), which toggles
///   `PRAGMA query_only`: see below, its statements are compiled again.
/// - Values fetched, never held by the store: a lookup runs SQL and builds
///   the value (a note with its author by a join and its tags by a second
///   query; a message with its whole thread by a recursive query), as a
///   record fetched with `including(required:)` / `including(all:)` is.
///   The store keeps no cache of values beyond the last value of each
///   observed model, which its observer compares the next one with.
/// - Writes in one transaction per batch (`DatabaseQueue.write`), a set of
///   rows at a time (`SQLMerge`): every row the batch names read in one
///   query per table, the payloads' present fields merged into them, the
///   rows that changed written back in one statement per hundred (an
///   upsert, `INSERT … ON CONFLICT(id) DO UPDATE`); a batch the validator
///   refuses throws before anything is written and the transaction is
///   rolled back. Partial payloads merge into the cached superset as every
///   store here merges them (Pinterest's rule), with ModelGraph's merge of
///   each model's fields.
/// - Deletes by foreign keys (`ON DELETE CASCADE`; GRDB's
///   `Configuration.foreignKeysEnabled` is true by default): SQLite removes
///   what a deleted model takes with it.
/// - Screens observe through one `TransactionObserver` for the whole
///   database (`DatabaseChangeObserver`), as an app that observes many rows
///   does (Signal-iOS's `DatabaseChangeObserver`), because GRDB's
///   documentation asks it to: "Keep your number of observations bounded.
///   In particular, do not observe independently all elements in a list"
///   (`GRDB/Documentation.docc/Extension/ValueObservation.md` lines 266 and
///   268). Every statement a write executes asks each transaction observer
///   whether it observes the statement's tables
///   (`GRDB/Core/TransactionObserver.swift`, `statementWillExecute` from
///   line 325): one observer, one question. SQLite's update hook hands it
///   each changed row (line 515); after the commit, on the writer's queue
///   (line 551), it fetches the observed models built from those rows, one
///   query per kind, drops values equal to the last, and queues one
///   delivery on the main queue, where each screen of a model hears it.
/// - Each read, and each screen's first fetch, switches the connection to
///   read-only and back (`Database.isolated(readOnly:)`: `PRAGMA query_only
///   = 1`, `= 0`, `GRDB/Core/Database.swift` lines 838 and 857), and SQLite
///   expires every prepared statement when a flag pragma is set, so each
///   cached statement is compiled again at its next step
///   (`sqlite3Reprepare`; `SQLITE_STMTSTATUS_REPREPARE` counts one per
///   toggle on Debian's SQLite 3.40.1). The observer's fetch after a commit
///   runs outside `read`, without the toggle.
public final class SnapshotGRDBStore: ModelStore, Sendable {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = Note
    public typealias MessageHandle = Message

    let database: DatabaseQueue
    let mainQueue: MainQueue
    let changes: DatabaseChangeObserver

    public static let design = StoreDesign(
        name: "snapshot-grdb", family: .values, threading: .anyThreadObservedOnMain,
        summary: "a library: GRDB's record values fetched from an in-memory SQLite database, writes serialized "
            + "by a DatabaseQueue, one TransactionObserver fetching the changed observed models after each commit "
            + "and fanning them out on the main thread; what the designs lack: a batch is one SQL transaction, "
            + "relationships are foreign-key constraints SQLite enforces (durability needs a file; this database is in memory)",
        modelledOn: "GRDB (groue/GRDB.swift 7.10.0: DatabaseQueue, one TransactionObserver for the database as its "
            + "documentation asks of many observed rows, foreign keys ON DELETE CASCADE)",
        isLibrary: true, instructionSampleDivisor: 10)

    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        mainQueue = configuration.mainQueue
        changes = DatabaseChangeObserver(mainQueue: configuration.mainQueue)
        database = mustSucceed {
            var settings = Configuration()
            settings.label = "snapshot-grdb"
            let database = try DatabaseQueue(configuration: settings)
            try database.write { db in try db.execute(sql: SQLSchema.statements) }
            return database
        }
        database.add(transactionObserver: changes, extent: .observerLifetime)
    }

    // MARK: Writing: one transaction each

    @discardableResult
    public func merge(_ batch: PayloadBatch) throws(MergeError) -> ChangeSummary {
        try write { db throws(MergeError) in
            try BatchValidator.validate(batch, against: SQLDirectory(db: db))
            return SQLMerge.merge(db) { $0.merge(batch, into: &$1) }
        }
    }

    @discardableResult
    public func apply(_ patch: ModelPatch) throws(MergeError) -> ChangeSummary {
        try write { db throws(MergeError) in
            try BatchValidator.validate(patch, against: SQLDirectory(db: db))
            return SQLMerge.merge(db) { $0.apply(patch, into: &$1) }
        }
    }

    @discardableResult
    public func delete(_ model: ModelRef) -> ChangeSummary {
        do {
            return try write { db in
                var deletion = SQLDeletion()
                let plan = CascadePlan(deleting: model, in: SQLDirectory(db: db))
                guard !plan.deletions.isEmpty else { return deletion.summary }
                let (sql, id): (String, Int) =
                    switch model {
                    case .user(let id): ("DELETE FROM user WHERE id = ?", id.rawValue)
                    case .tag(let id): ("DELETE FROM tag WHERE id = ?", id.rawValue)
                    case .note(let id): ("DELETE FROM note WHERE id = ?", id.rawValue)
                    case .message(let id): ("DELETE FROM message WHERE id = ?", id.rawValue)
                    }
                mustSucceed { try db.cachedStatement(sql: sql).execute(arguments: [id]) }
                deletion.record(plan)
                return deletion.summary
            }
        } catch {
            preconditionFailure("deleting cannot fail: \(error)")
        }
    }

    /// Runs `body` in a write transaction; what it throws rolls it back.
    private func write(_ body: (Database) throws(MergeError) -> ChangeSummary) throws(MergeError) -> ChangeSummary {
        do {
            return try database.write { db in try body(db) }
        } catch let error as MergeError {
            throw error
        } catch {
            preconditionFailure("snapshot-grdb: a write failed in SQLite: \(error)")
        }
    }

    // MARK: Reading: SQL each time

    public func user(_ id: UserID) -> User? { read { try SQLReads.user(id, $0) } }
    public func tag(_ id: TagID) -> Tag? { read { try SQLReads.tag(id, $0) } }
    public func note(_ id: NoteID) -> Note? { read { try SQLReads.note(id, $0) } }
    public func message(_ id: MessageID) -> Message? { read { try SQLReads.message(id, $0) } }

    func read<T>(_ body: (Database) throws -> T) -> T {
        mustSucceed { try database.read(body) }
    }

    // MARK: Observing: one observer for the store, fanned out per model

    public func observe(_ id: UserID, _ handler: @escaping @Sendable (ModelChange<User>) -> Void) -> ObservationToken {
        observe(.user(id), handler) { if case .user(let user) = $0 { user } else { nil } }
    }

    public func observe(_ id: TagID, _ handler: @escaping @Sendable (ModelChange<Tag>) -> Void) -> ObservationToken {
        observe(.tag(id), handler) { if case .tag(let tag) = $0 { tag } else { nil } }
    }

    public func observe(_ id: NoteID, _ handler: @escaping @Sendable (ModelChange<Note>) -> Void) -> ObservationToken {
        observe(.note(id), handler) { if case .note(let note) = $0 { note } else { nil } }
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<Message>) -> Void
    ) -> ObservationToken {
        observe(.message(id), handler) { if case .message(let message) = $0 { message } else { nil } }
    }

    private func observe<Value: Sendable>(
        _ model: ModelRef, _ handler: @escaping @Sendable (ModelChange<Value>) -> Void,
        as extract: @escaping @Sendable (ObservedValue) -> Value?
    ) -> ObservationToken {
        let screen = ScreenObservation(model, observer: changes) { value in
            guard let value else { return handler(.deleted) }
            if let value = extract(value) { handler(.updated(value)) }
        }
        read { db in try changes.join(screen, db) }
        return ObservationToken(screen)
    }

    /// Serves the main thread until every value fetched so far is delivered.
    @discardableResult
    public func settle() -> Int {
        let ledger = changes.ledger
        let before = ledger.delivered.load(ordering: .relaxed)
        mainQueue.serve(until: { ledger.pending.load(ordering: .acquiring) == 0 })
        return ledger.delivered.load(ordering: .relaxed) - before
    }

    // MARK: Housekeeping

    /// No weak table: nothing to purge.
    @discardableResult
    public func purge() -> Int { 0 }

    public var counts: StoreCounts {
        var counts = StoreCounts()
        counts.models = read { try SQLReads.modelCount($0) }
        counts.live = counts.models
        counts.observers = changes.ledger.running.load(ordering: .relaxed)
        return counts
    }

    public func exportState() -> GraphState {
        read { try SQLReads.state($0) }
    }
}

/// What a delete reports: the plan's counts, as every store reports them.
private struct SQLDeletion: StoreWrite {
    var summary = ChangeSummary()
    var deleted: [ModelRef] = []
}
