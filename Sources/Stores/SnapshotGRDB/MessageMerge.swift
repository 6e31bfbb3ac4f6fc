import GRDB
import ModelGraph
import StoreInterface
import StoreSupport

/// The message payloads of a batch merged into the message rows and their
/// participant links, set-based as `SQLMerge` merges the other tables. A
/// message's replies move too: a listed reply takes its place under the
/// message, a reply no longer listed becomes a thread's root, and a reply
/// taken from another message writes that message's row (counted as its
/// update), so its observers hear of the loss.
struct MessageMerge {
    private struct Record {
        var attributes: MessageAttributes
        var author: UserID
        var participants: [UserID]
    }

    private let payloads: [MessagePayload]
    private var records: [MessageID: Record] = [:]
    /// Where each message read or moved sits: its parent and position.
    private var placement: [MessageID: (parent: MessageID?, position: Int?)] = [:]
    /// The replies of each message of the batch, in order.
    private var replies: [MessageID: [MessageID]] = [:]
    private var written = OrderedIDs<Message>(), relinked = OrderedIDs<Message>()
    private var moved = OrderedIDs<Message>(), touched = OrderedIDs<Message>()

    /// Reads the rows, participants and replies of every message `payloads` name.
    init(_ payloads: [MessagePayload], _ db: Database) throws {
        self.payloads = payloads
        guard !payloads.isEmpty else { return }
        let ids = Set(payloads.map(\.id))
        var records: [MessageID: Record] = [:]
        var placement: [MessageID: (parent: MessageID?, position: Int?)] = [:]
        var replies: [MessageID: [MessageID]] = [:]
        try SQLRows.forEach(SQL.messages, ids, db) { row in
            records[row[0]] = Record(attributes: MessageAttributes(row: row, at: 1), author: row[5], participants: [])
            placement[row[0]] = (row[6], row[7])
        }
        try SQLRows.forEach(SQL.participants, ids, db) { row in records[row[0]]?.participants.append(row[1]) }
        try SQLRows.forEach(SQL.replies, ids, db) { row in
            let reply: MessageID = row[0], parent: MessageID = row[1]
            placement[reply] = (parent, row[2])
            replies[parent, default: []].append(reply)
        }
        self.records = records
        self.placement = placement
        self.replies = replies
    }

    /// Merges the payloads in order, then writes what changed.
    mutating func merge(_ db: Database, into summary: inout ChangeSummary) throws {
        guard !payloads.isEmpty else { return }
        for payload in payloads { merge(payload, into: &summary) }
        try write(db)
    }

    private mutating func merge(_ payload: MessagePayload, into summary: inout ChangeSummary) {
        let id = payload.id
        guard var record = records[id] else {
            let attributes = validated { () throws(MergeError) in try MessageAttributes(inserting: payload) }
            records[id] = Record(
                attributes: attributes, author: payload.author.value!.id,
                participants: payload.participants.value?.map(\.id) ?? [])
            placement[id] = (nil, nil)
            written.append(id)
            relinked.append(id)
            if let listed = payload.replies.value?.map(\.id), !listed.isEmpty { attach(listed, to: id, into: &summary) }
            summary.inserted += 1
            return
        }
        let attributesChanged = record.attributes.merge(payload)
        let newAuthor = payload.author.value.map(\.id).flatMap { $0 == record.author ? nil : $0 }
        let newParticipants = SQLMerge.changed(payload.participants.value?.lazy.map(\.id), from: record.participants)
        let newReplies = SQLMerge.changed(payload.replies.value?.lazy.map(\.id), from: replies[id] ?? [])
        guard attributesChanged || newAuthor != nil || newParticipants != nil || newReplies != nil else {
            return summary.unchanged += 1
        }
        record.author = newAuthor ?? record.author
        if let newParticipants {
            record.participants = newParticipants
            relinked.append(id)
        }
        records[id] = record
        written.append(id)
        if let newReplies { attach(newReplies, to: id, into: &summary) }
        summary.updated += 1
    }

    /// Makes `listed` the replies of `parent`, in order.
    private mutating func attach(_ listed: [MessageID], to parent: MessageID, into summary: inout ChangeSummary) {
        let kept = Set(listed)
        for old in replies[parent] ?? [] where !kept.contains(old) {
            placement[old] = (nil, nil)
            moved.append(old)
        }
        for (position, reply) in listed.enumerated() {
            if let oldParent = placement[reply]?.parent, oldParent != parent {
                replies[oldParent]?.removeAll { $0 == reply }
                touched.append(oldParent)
                summary.updated += 1
            }
            placement[reply] = (parent, position)
            moved.append(reply)
        }
        replies[parent] = listed
    }

    /// Writes the rows, places and links that changed, each written row
    /// after its parent's (a statement must not refer to a message a later
    /// one inserts).
    private func write(_ db: Database) throws {
        try SQLRows.write(
            SQL.upsert.prefix, SQL.upsert.suffix, width: 8,
            parentsFirst(written.ids).map { id in
                let record = records[id]!, place = placement[id]!
                return [id] + record.attributes.arguments + [record.author, place.parent, place.position]
            }, db)
        let writtenIDs = Set(written.ids)
        try SQLRows.write(
            SQL.place.prefix, SQL.place.suffix, width: 3,
            moved.ids.filter { !writtenIDs.contains($0) }.map { id in
                [id, placement[id]!.parent, placement[id]!.position]
            }, db)
        try SQLRows.execute(SQL.touch, touched.ids, db)
        try SQLRows.execute(
            "DELETE FROM participant WHERE messageId IN (SELECT value FROM json_each(?))", relinked.ids, db)
        let links = relinked.ids.flatMap { message in
            records[message]!.participants.enumerated().map { position, user -> [(any DatabaseValueConvertible)?] in
                [message, position, user]
            }
        }
        try SQLRows.write("INSERT INTO participant(messageId, position, userId) VALUES", "", width: 3, links, db)
    }

    /// `ids` ordered by how many of them stand above each in its thread.
    /// - Complexity: O(*n* log *n*) for *n* ids, each thread's depth among them walked once.
    private func parentsFirst(_ ids: [MessageID]) -> [MessageID] {
        let included = Set(ids)
        var depths: [MessageID: Int] = [:]
        func depth(_ id: MessageID) -> Int {
            if let known = depths[id] { return known }
            guard let parent = placement[id]?.parent, included.contains(parent) else { return 0 }
            let found = depth(parent) + 1
            depths[id] = found
            return found
        }
        return ids.enumerated().sorted { (depth($0.element), $0.offset) < (depth($1.element), $1.offset) }.map(
            \.element)
    }
}

/// The statements, built once: a cached statement is found by its text.
private enum SQL {
    static let messages = """
        SELECT id, \(SQLSchema.messageColumns), authorId, parentId, position FROM message
        WHERE id IN (SELECT value FROM json_each(?))
        """
    static let participants = """
        SELECT messageId, userId FROM participant WHERE messageId IN (SELECT value FROM json_each(?))
        ORDER BY messageId, position
        """
    static let replies = """
        SELECT id, parentId, position FROM message WHERE parentId IN (SELECT value FROM json_each(?))
        ORDER BY parentId, position
        """
    static let upsert = (
        prefix: "INSERT INTO message(id, \(SQLSchema.messageColumns), authorId, parentId, position) VALUES",
        suffix:
            "ON CONFLICT(id) DO UPDATE SET \(SQLRows.fromExcluded("\(SQLSchema.messageColumns), authorId, parentId, position"))"
    )
    /// Moves messages whose own fields did not change: (id, parentId, position) tuples.
    static let place = (
        prefix: "UPDATE message SET parentId = moves.column2, position = moves.column3 FROM (VALUES",
        suffix: ") AS moves WHERE message.id = moves.column1"
    )
    /// Writes a message's row unchanged: the message lost a reply.
    static let touch = "UPDATE message SET isRead = isRead WHERE id IN (SELECT value FROM json_each(?))"
}
