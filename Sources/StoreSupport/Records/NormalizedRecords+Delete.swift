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
}
