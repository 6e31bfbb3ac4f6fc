import GRDB
import ModelGraph
import StoreInterface
import StoreSupport

/// A validated batch merged into the tables inside one write transaction, a
/// set of rows at a time: for each table, the rows of every model the batch
/// names read in one query, the payloads merged into them in the order
/// `PayloadMerging` gives (children first), and the rows that changed
/// written back in one statement per hundred (`SQLRows`). A row is written
/// only when something changed, so an equal payload touches nothing and no
/// observation hears of it. The counts are the interface's: one per payload,
/// as the payloads before it on its table left the row.
enum SQLMerge {
    /// Merges the payloads `collect` lists (a batch or a patch) into `db`.
    static func merge(_ db: Database, _ collect: (inout MergeSteps, inout Void) -> Void) -> ChangeSummary {
        var steps = MergeSteps()
        var none: Void = ()
        collect(&steps, &none)
        var summary = ChangeSummary()
        mustSucceed {
            try mergeModels(
                steps.users, id: \.id, select: SQL.users, merge: { $0.merge($1) },
                insert: UserAttributes.init(inserting:), arguments: \.arguments, upsert: SQL.upsertUsers,
                db, into: &summary)
            try mergeModels(
                steps.tags, id: \.id, select: SQL.tags, merge: { $0.merge($1) },
                insert: TagAttributes.init(inserting:), arguments: \.arguments, upsert: SQL.upsertTags,
                db, into: &summary)
            try mergeNotes(steps.notes, db, into: &summary)
            var messages = try MessageMerge(steps.messages, db)
            try messages.merge(db, into: &summary)
        }
        return summary
    }

    /// Merges `payloads` into the rows of a table of models without links,
    /// in order: each row read once, merged in memory as its payloads come,
    /// written back once if it changed.
    /// - Complexity: O(*p*) for *p* payloads, plus the statements.
    private static func mergeModels<Payload, Attributes: DecodableFromRow, Model>(
        _ payloads: [Payload], id: (Payload) -> ModelID<Model>, select: String,
        merge: (inout Attributes, Payload) -> Bool, insert: (Payload) throws(MergeError) -> Attributes,
        arguments: (Attributes) -> [(any DatabaseValueConvertible)?],
        upsert: (prefix: String, suffix: String, width: Int),
        _ db: Database, into summary: inout ChangeSummary
    ) throws {
        guard !payloads.isEmpty else { return }
        var rows: [ModelID<Model>: Attributes] = [:]
        try SQLRows.forEach(select, Set(payloads.map(id)), db) { row in rows[row[0]] = Attributes(row: row, at: 1) }
        var written = OrderedIDs<Model>()
        for payload in payloads {
            let key = id(payload)
            if var attributes = rows[key] {
                guard merge(&attributes, payload) else {
                    summary.unchanged += 1
                    continue
                }
                rows[key] = attributes
                summary.updated += 1
            } else {
                rows[key] = validated { () throws(MergeError) in try insert(payload) }
                summary.inserted += 1
            }
            written.append(key)
        }
        try SQLRows.write(
            upsert.prefix, upsert.suffix, width: upsert.width,
            written.ids.map { [$0] + arguments(rows[$0]!) }, db)
    }

    /// Merges `payloads` into the note rows and their tag links, in order:
    /// the rows and links read once, a note's links written again only when
    /// its tags changed (deleted and inserted), its row whenever anything
    /// did, since the observer hears of a note through its row.
    private static func mergeNotes(_ payloads: [NotePayload], _ db: Database, into summary: inout ChangeSummary) throws
    {
        guard !payloads.isEmpty else { return }
        let ids = Set(payloads.map(\.id))
        var records: [NoteID: NoteRecord] = [:]
        try SQLRows.forEach(SQL.notes, ids, db) { row in
            records[row[0]] = NoteRecord(attributes: NoteAttributes(row: row, at: 1), author: row[5], tags: [])
        }
        try SQLRows.forEach(SQL.noteTags, ids, db) { row in records[row[0]]?.tags.append(row[1]) }
        var written = OrderedIDs<Note>(), relinked = OrderedIDs<Note>()
        for payload in payloads {
            guard var record = records[payload.id] else {
                let attributes = validated { () throws(MergeError) in try NoteAttributes(inserting: payload) }
                records[payload.id] = NoteRecord(
                    attributes: attributes, author: payload.author.value!.id,
                    tags: payload.tags.value?.map(\.id) ?? [])
                written.append(payload.id)
                relinked.append(payload.id)
                summary.inserted += 1
                continue
            }
            let attributesChanged = record.attributes.merge(payload)
            let newAuthor = payload.author.value.map(\.id).flatMap { $0 == record.author ? nil : $0 }
            let newTags = changed(payload.tags.value?.lazy.map(\.id), from: record.tags)
            guard attributesChanged || newAuthor != nil || newTags != nil else {
                summary.unchanged += 1
                continue
            }
            record.author = newAuthor ?? record.author
            if let newTags {
                record.tags = newTags
                relinked.append(payload.id)
            }
            records[payload.id] = record
            written.append(payload.id)
            summary.updated += 1
        }
        try SQLRows.write(
            SQL.upsertNotes.prefix, SQL.upsertNotes.suffix, width: SQL.upsertNotes.width,
            written.ids.map { id in [id] + records[id]!.attributes.arguments + [records[id]!.author] }, db)
        try SQLRows.execute("DELETE FROM noteTag WHERE noteId IN (SELECT value FROM json_each(?))", relinked.ids, db)
        let links = relinked.ids.flatMap { note in
            records[note]!.tags.enumerated().map { position, tag -> [(any DatabaseValueConvertible)?] in
                [note, position, tag]
            }
        }
        try SQLRows.write("INSERT INTO noteTag(noteId, position, tagId) VALUES", "", width: 3, links, db)
    }

    /// The ids a payload lists, when it lists them and they differ from the
    /// record's, in order; nil: keep the record's. Compared lazily, so an
    /// unchanged list builds no array.
    static func changed<Listed: Sequence>(
        _ listed: Listed?, from current: some Sequence<Listed.Element>
    ) -> [Listed.Element]? where Listed.Element: Equatable {
        listed.flatMap { $0.elementsEqual(current) ? nil : Array($0) }
    }
}

/// Ids in the order first appended, each once.
struct OrderedIDs<Model> {
    private(set) var ids: [ModelID<Model>] = []
    private var seen: Set<ModelID<Model>> = []

    mutating func append(_ id: ModelID<Model>) {
        if seen.insert(id).inserted { ids.append(id) }
    }
}

/// Attributes read from a row's columns from `offset` on (`SQLSchema`).
protocol DecodableFromRow {
    init(row: Row, at offset: Int)
}

extension UserAttributes: DecodableFromRow {}
extension TagAttributes: DecodableFromRow {}

/// The merges' statements, built once: a cached statement is found by its text.
private enum SQL {
    static func upsert(_ table: String, _ columns: String, width: Int) -> (prefix: String, suffix: String, width: Int) {
        (
            "INSERT INTO \(table)(id, \(columns)) VALUES",
            "ON CONFLICT(id) DO UPDATE SET \(SQLRows.fromExcluded(columns))", width
        )
    }

    static let users = "SELECT id, \(SQLSchema.userColumns) FROM user WHERE id IN (SELECT value FROM json_each(?))"
    static let tags = "SELECT id, \(SQLSchema.tagColumns) FROM tag WHERE id IN (SELECT value FROM json_each(?))"
    static let notes =
        "SELECT id, \(SQLSchema.noteColumns), authorId FROM note WHERE id IN (SELECT value FROM json_each(?))"
    static let noteTags = """
        SELECT noteId, tagId FROM noteTag WHERE noteId IN (SELECT value FROM json_each(?)) ORDER BY noteId, position
        """
    static let upsertUsers = upsert("user", SQLSchema.userColumns, width: 8)
    static let upsertTags = upsert("tag", SQLSchema.tagColumns, width: 4)
    static let upsertNotes = upsert("note", "\(SQLSchema.noteColumns), authorId", width: 6)
}
