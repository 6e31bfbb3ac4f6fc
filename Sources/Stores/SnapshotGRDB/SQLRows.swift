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
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [list(ids)])
        while let row = try cursor.next() { try body(row) }
    }

    /// Runs `sql` with `ids` as its one `json_each(?)` argument, unless there are none.
    static func execute<Model>(_ sql: String, _ ids: some Collection<ModelID<Model>>, _ db: Database) throws {
        guard !ids.isEmpty else { return }
        try db.cachedStatement(sql: sql).execute(arguments: [list(ids)])
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
            try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(rows[start..<end].flatMap { $0 }))
            start = end
        }
    }

    /// `columns` ("a, b") as the assignments of an upsert: "a = excluded.a, b = excluded.b".
    static func fromExcluded(_ columns: String) -> String {
        columns.split(separator: ", ").map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }
}
