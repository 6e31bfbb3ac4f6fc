/// Every model of a graph as values, keyed by id: what a store holds,
/// exported for comparison, or what a generated graph should look like.
public struct GraphState: Hashable, Sendable {
    public var users: [UserID: User]
    public var tags: [TagID: Tag]
    public var notes: [NoteID: Note]
    /// Every message, replies included; each embeds its whole reply tree.
    public var messages: [MessageID: Message]

    public init(
        users: [UserID: User] = [:], tags: [TagID: Tag] = [:],
        notes: [NoteID: Note] = [:], messages: [MessageID: Message] = [:]
    ) {
        self.users = users
        self.tags = tags
        self.notes = notes
        self.messages = messages
    }

    /// Models of every kind.
    public var modelCount: Int {
        users.count + tags.count + notes.count + messages.count
    }

    /// The first model that differs from `other`, described in one line, or
    /// nil when the states are equal. Meant for test failures: comparing two
    /// large states with `==` says only "not equal".
    public func firstDifference(from other: GraphState) -> String? {
        func compare<ID: Hashable & Comparable, Value: Equatable>(
            _ kind: String, _ mine: [ID: Value], _ theirs: [ID: Value]
        ) -> String? {
            for id in Set(mine.keys).union(theirs.keys).sorted() where mine[id] != theirs[id] {
                switch (mine[id], theirs[id]) {
                case (nil, _): return "\(kind) \(id) is missing here but present in the other state"
                case (_, nil): return "\(kind) \(id) is present here but missing in the other state"
                case (let here?, let there?): return "\(kind) \(id) differs: \(here) vs \(there)"
                }
            }
            return nil
        }
        return compare("user", users, other.users)
            ?? compare("tag", tags, other.tags)
            ?? compare("note", notes, other.notes)
            ?? compare("message", messages, other.messages)
    }
}
