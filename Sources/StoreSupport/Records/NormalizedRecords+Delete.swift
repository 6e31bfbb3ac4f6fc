import ModelGraph
import StoreInterface

extension NormalizedRecords: CascadingTables {
    public mutating func detach(_ detachment: CascadePlan.Detachment, into changes: inout RecordChanges) {
        switch detachment {
        case .participant(let user, let message):
            messages.updateIfPresent(message) { $0.participants.removeAll { $0 == user } }
            index.unlink(message: message, participants: [user])
        case .tag(let tag, let note):
            notes.updateIfPresent(note) { $0.tags.removeAll { $0 == tag } }
            index.unlink(note: note, tags: [tag])
        case .reply(let reply, let parent):
            messages.updateIfPresent(parent) { $0.replies.removeAll { $0 == reply } }
        }
        changes.changed.insert(detachment.parent)
        changes.relinked.insert(detachment.parent)
    }

    public mutating func removeRecord(_ model: ModelRef) {
        switch model {
        case .user(let id):
            users[id] = nil
        case .tag(let id):
            tags[id] = nil
        case .note(let id):
            guard let record = notes.removeValue(forKey: id) else { return }
            index.unlink(note: id, author: record.author)
            index.unlink(note: id, tags: record.tags)
        case .message(let id):
            guard let record = messages.removeValue(forKey: id) else { return }
            index.unlink(message: id, author: record.author)
            index.unlink(message: id, participants: record.participants)
            index.setParent(of: id, to: nil)
        }
    }
}
