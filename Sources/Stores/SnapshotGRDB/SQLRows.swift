import GRDB
import ModelGraph

/// Sets of rows read, or written, a statement at a time: what makes a
/// batch's merge set-based. Ids travel as one JSON array, which SQLite's
/// `json_each` reads as a table, so a read's text does not depend on how
/// many ids it reads; a write binds at most `rowsPerStatement` rows.
enum SQLRows {
    /// Rows per write statement: 100 rows of a model's 9 columns stay under
    /// SQLite's oldest bound on a statement's arguments (999).
    static let rowsPerStatement = 100

    /// `ids` as the argument of a `json_each(?)`.
    static func list<Model>(_ ids: some Sequence<ModelID<Model>>) -> String {
        "[" + ids.map { String($0.rawValue) }.joined(separator: ",") + "]"
    }

    /// Each row `sql` selects for `ids`, its one `json_each(?)` argument.
    static func forEach<Model>(
        _ sql: String, _ ids: some Sequence<ModelID<Model>>, _ db: Database, _ body: (Row) throws -> Void
    ) throws {
        try withCachedStatement(sql, db) { statement in
            let cursor = try Row.fetchCursor(statement, arguments: [list(ids)])
            while let row = try cursor.next() { try body(row) }
        }
    }

    /// Runs `sql` with `ids` as its one `json_each(?)` argument, unless there are none.
    static func execute<Model>(_ sql: String, _ ids: some Collection<ModelID<Model>>, _ db: Database) throws {
        guard !ids.isEmpty else { return }
        try withCachedStatement(sql, db) { try $0.execute(arguments: [list(ids)]) }
    }

    /// Writes `rows`, each of `width` values, as the tuples of
    /// `"\(prefix) (?, …), (?, …) \(suffix)"`, at most `rowsPerStatement` a statement.
    /// - Complexity: O(*n*) for *n* values.
    static func write(
        _ prefix: String, _ suffix: String, width: Int, _ rows: [[(any DatabaseValueConvertible)?]], _ db: Database
    ) throws {
        let tuple = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(rows.endIndex, start + rowsPerStatement)
            let sql = "\(prefix) \(Array(repeating: tuple, count: end - start).joined(separator: ", ")) \(suffix)"
            let arguments = StatementArguments(rows[start..<end].flatMap { $0 })
            try withCachedStatement(sql, db) { try $0.execute(arguments: arguments) }
            start = end
        }
    }

    /// Runs `body` with the statement `db` caches for `sql`, and clears its
    /// arguments after: GRDB's `Statement` keeps the arguments it last ran
    /// with (`GRDB/Core/Statement.swift` line 224, set at lines 377 and 399)
    /// and a cursor's bindings stay in SQLite until the statement is reset,
    /// so a statement cached for the next batch would otherwise keep this
    /// batch's id list and rows alive.
    private static func withCachedStatement(
        _ sql: String, _ db: Database, _ body: (Statement) throws -> Void
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        try body(statement)
        // Not after a failure: resetting a statement whose step failed throws,
        // and GRDB's setter resets with `try!`.
        statement.setUncheckedArguments(StatementArguments())
    }

    /// `columns` ("a, b") as the assignments of an upsert: "a = excluded.a, b = excluded.b".
    static func fromExcluded(_ columns: String) -> String {
        columns.split(separator: ", ").map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }
}
