import ModelGraph
import StoreInterface

// The records' entries live in four dictionaries, each changed in place
// through `values[slot]`: no copy of a record is made to change it.

extension NormalizedRecords: RecordStorage {
    @inlinable
    public mutating func updateUser(_ id: UserID, _ body: (inout UserAttributes) -> Bool) -> Bool? {
        guard let slot = users.index(forKey: id) else { return nil }
        return body(&users.values[slot])
    }

    @inlinable
    public mutating func updateTag(_ id: TagID, _ body: (inout TagAttributes) -> Bool) -> Bool? {
        guard let slot = tags.index(forKey: id) else { return nil }
        return body(&tags.values[slot])
    }

    @inlinable
    public mutating func updateNote(_ id: NoteID, _ body: (inout NoteRecord) -> Bool) -> Bool? {
        guard let slot = notes.index(forKey: id) else { return nil }
        return body(&notes.values[slot])
    }

    @inlinable
    public mutating func updateMessage(_ id: MessageID, _ body: (inout MessageRecord) -> Bool) -> Bool? {
        guard let slot = messages.index(forKey: id) else { return nil }
        return body(&messages.values[slot])
    }

    @inlinable
    public mutating func insertUser(_ id: UserID, _ attributes: UserAttributes) { users[id] = attributes }

    @inlinable
    public mutating func insertTag(_ id: TagID, _ attributes: TagAttributes) { tags[id] = attributes }

    @inlinable
    public mutating func insertNote(_ id: NoteID, _ record: NoteRecord) { notes[id] = record }

    @inlinable
    public mutating func insertMessage(_ id: MessageID, _ record: MessageRecord) { messages[id] = record }
}
