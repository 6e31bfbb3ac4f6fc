import ModelGraph
import StoreInterface
import StoreSupport

/// The trees someone listens to, and the listener map that finds them: for
/// every model, the listened notes and messages whose tree embeds it.
///
/// A tree is built when its first listener arrives and dropped with its
/// last. After a write, every listened tree embedding a changed model is
/// regenerated as Rocket Data's consistency manager does it: mapped node by
/// node, each node rebuilt only when it or something below it changed, every
/// other subtree reused as it is.
@usableFromInline
struct ListenedTrees {
    /// Listeners per listened note or message.
    private var listenerCounts: [ModelRef: Int] = [:]

    @usableFromInline init() {}
    @usableFromInline private(set) var notes: [NoteID: Note] = [:]
    @usableFromInline private(set) var messages: [MessageID: Message] = [:]
    /// Model → the listened trees (their roots) that embed it, itself included.
    private var embeddedIn: [ModelRef: Set<ModelRef>] = [:]
    /// Listened root → the models its tree embeds, to take them out of the map.
    private var contents: [ModelRef: [ModelRef]] = [:]

    /// Listened trees, for the store's counts.
    var count: Int { notes.count + messages.count }

    /// One more listener of `root`; the first builds its tree, if it exists yet.
    mutating func add(_ root: ModelRef, in records: NormalizedRecords) {
        listenerCounts[root, default: 0] += 1
        if listenerCounts[root] == 1 { build(root, records) }
    }

    /// One listener of `root` fewer; the last takes its tree away.
    mutating func remove(_ root: ModelRef) {
        guard let count = listenerCounts[root] else { return }
        if count > 1 {
            listenerCounts[root] = count - 1
        } else {
            listenerCounts[root] = nil
            drop(root)
        }
    }

    /// Regenerates every listened tree that embeds a model the write changed
    /// or deleted, builds the trees of listened models it inserted, drops
    /// those it deleted. Returns the trees regenerated only because something
    /// they embed changed: the write's propagation.
    mutating func refresh(after changes: RecordChanges, from records: NormalizedRecords) -> [ModelRef] {
        var dirty = Set<ModelRef>()
        for model in changes.changed {
            if let roots = embeddedIn[model] { dirty.formUnion(roots) }
            if listenerCounts[model] != nil { dirty.insert(model) }
        }
        for model in changes.deleted {
            if let roots = embeddedIn[model] { dirty.formUnion(roots) }
        }
        var propagated: [ModelRef] = []
        for root in dirty {
            guard records.contains(root) else {
                drop(root)
                continue
            }
            if regenerate(root, changes, records), !changes.changed.contains(root) { propagated.append(root) }
        }
        return propagated
    }

    // MARK: Building and dropping

    private mutating func build(_ root: ModelRef, _ records: NormalizedRecords) {
        switch root {
        case .note(let id):
            guard let note = records.note(id) else { return }
            notes[id] = note
        case .message(let id):
            guard let message = records.message(id) else { return }
            messages[id] = message
        case .user, .tag:
            return
        }
        index(root)
    }

    private mutating func drop(_ root: ModelRef) {
        unindex(root)
        switch root {
        case .note(let id): notes[id] = nil
        case .message(let id): messages[id] = nil
        case .user, .tag: break
        }
    }

    private mutating func index(_ root: ModelRef) {
        var members: [ModelRef] = []
        switch root {
        case .note(let id):
            guard let note = notes[id] else { return }
            members = [root, .user(note.author.id)] + note.tags.map { .tag($0.id) }
        case .message(let id):
            guard let message = messages[id] else { return }
            var pending = [message]
            while let next = pending.popLast() {
                members.append(.message(next.id))
                members.append(.user(next.author.id))
                members += next.participants.map { .user($0.id) }
                pending += next.replies
            }
        case .user, .tag:
            return
        }
        for member in members { embeddedIn.insert(root, intoSetAt: member) }
        contents[root] = members
    }

    private mutating func unindex(_ root: ModelRef) {
        guard let members = contents.removeValue(forKey: root) else { return }
        for member in members { embeddedIn.remove(root, fromSetAt: member) }
    }

    // MARK: Regenerating

    /// Maps the tree of `root` to the current records; returns whether
    /// anything in it changed. Re-indexes it when its shape changed.
    private mutating func regenerate(_ root: ModelRef, _ changes: RecordChanges, _ records: NormalizedRecords) -> Bool {
        switch root {
        case .note(let id):
            guard let old = notes[id] else {
                build(root, records)
                return notes[id] != nil
            }
            guard let new = Self.regenerated(old, changes.changed, records) else { return false }
            notes[id] = new
            if changes.relinked.contains(root) { reindex(root) }
            return true
        case .message(let id):
            guard let old = messages[id] else {
                build(root, records)
                return messages[id] != nil
            }
            var reshaped = false
            guard let new = Self.regenerated(old, changes, records, reshaped: &reshaped) else { return false }
            messages[id] = new
            if reshaped { reindex(root) }
            return true
        case .user, .tag:
            return false
        }
    }

    private mutating func reindex(_ root: ModelRef) {
        unindex(root)
        index(root)
    }

    /// The note with what changed rebuilt, or nil when nothing it embeds did.
    private static func regenerated(_ note: Note, _ changed: Set<ModelRef>, _ records: NormalizedRecords) -> Note? {
        if changed.contains(.note(note.id)) { return records.note(note.id) }
        let authorChanged = changed.contains(.user(note.author.id))
        let tagsChanged = note.tags.contains { changed.contains(.tag($0.id)) }
        guard authorChanged || tagsChanged else { return nil }
        return Note(
            id: note.id, attributes: note.attributes,
            author: authorChanged ? records.user(note.author.id)! : note.author,
            tags: tagsChanged ? note.tags.map { changed.contains(.tag($0.id)) ? records.tag($0.id)! : $0 } : note.tags)
    }

    /// The message with every changed node below it rebuilt and every other
    /// subtree reused, or nil when nothing in it changed. `reshaped` is set
    /// when a node's replies, author or participants changed.
    private static func regenerated(
        _ message: Message, _ changes: RecordChanges, _ records: NormalizedRecords, reshaped: inout Bool
    ) -> Message? {
        let changed = changes.changed
        let ref = ModelRef.message(message.id)
        if changed.contains(ref) {
            let record = records.messages[message.id]!
            if changes.relinked.contains(ref) { reshaped = true }
            let oldReplies = Dictionary(message.replies.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let replies = record.replies.map { id -> Message in
                guard let old = oldReplies[id] else { return records.message(id)! }
                return regenerated(old, changes, records, reshaped: &reshaped) ?? old
            }
            return Message(
                id: message.id, attributes: record.attributes, author: records.user(record.author)!,
                participants: record.participants.map { records.user($0)! }, replies: replies)
        }
        var replies: [Message]?
        for (position, reply) in message.replies.enumerated() {
            guard let new = regenerated(reply, changes, records, reshaped: &reshaped) else { continue }
            if replies == nil { replies = message.replies }
            replies![position] = new
        }
        let authorChanged = changed.contains(.user(message.author.id))
        let participantsChanged = message.participants.contains { changed.contains(.user($0.id)) }
        guard replies != nil || authorChanged || participantsChanged else { return nil }
        return Message(
            id: message.id, attributes: message.attributes,
            author: authorChanged ? records.user(message.author.id)! : message.author,
            participants: participantsChanged
                ? message.participants.map { changed.contains(.user($0.id)) ? records.user($0.id)! : $0 }
                : message.participants,
            replies: replies ?? message.replies)
    }
}
