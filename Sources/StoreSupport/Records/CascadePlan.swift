import ModelGraph

/// What deleting one model takes with it, worked out from the reverse index
/// before anything changes, so that every store deletes exactly the same.
///
/// A user takes the notes and messages it authored and leaves the
/// participant lists it was on; a tag leaves the notes it labels; a message
/// takes its replies, all the way down, and leaves its parent's replies.
/// Each representation applies the plan to its own tables.
public struct CascadePlan: Sendable {
    /// A surviving parent losing one child.
    public enum Detachment: Hashable, Sendable {
        case participant(UserID, from: MessageID)
        case tag(TagID, from: NoteID)
        case reply(MessageID, from: MessageID)

        /// The parent that changes.
        public var parent: ModelRef {
            switch self {
            case .participant(_, let message): .message(message)
            case .tag(_, let note): .note(note)
            case .reply(_, let message): .message(message)
            }
        }
    }

    /// Every model deleted, in the order the cascade reaches it: what a
    /// user took first, the user last; a thread root before its replies.
    public private(set) var deletions: [ModelRef] = []
    /// The parents that survive, each losing a child, in cascade order.
    public private(set) var detachments: [Detachment] = []
    private var doomed: Set<ModelRef> = []

    /// The plan for deleting `model`; empty when the directory lacks it.
    public init<Directory: ModelDirectory>(deleting model: ModelRef, in directory: Directory) {
        plan(model, directory)
        detachments.removeAll { doomed.contains($0.parent) }
    }

    /// The surviving parents, once each: the models the delete updates.
    @usableFromInline var updatedParents: [ModelRef] {
        var seen = Set<ModelRef>()
        return detachments.map(\.parent).filter { seen.insert($0).inserted }
    }

    private mutating func plan<Directory: ModelDirectory>(_ model: ModelRef, _ directory: Directory) {
        guard directory.contains(model), !doomed.contains(model) else { return }
        switch model {
        case .user(let id):
            for note in directory.notes(authoredBy: id) { plan(.note(note), directory) }
            for message in directory.messages(authoredBy: id) { plan(.message(message), directory) }
            for message in directory.messages(joinedBy: id) {
                detachments.append(.participant(id, from: message))
            }
            doom(model)
        case .tag(let id):
            for note in directory.notes(taggedWith: id) { detachments.append(.tag(id, from: note)) }
            doom(model)
        case .note:
            doom(model)
        case .message(let id):
            if let parent = directory.parent(of: id) { detachments.append(.reply(id, from: parent)) }
            var pending = [id]
            while let next = pending.popLast() {
                guard !doomed.contains(.message(next)) else { continue }
                doom(.message(next))
                pending += directory.replies(of: next)
            }
        }
    }

    private mutating func doom(_ model: ModelRef) {
        doomed.insert(model)
        deletions.append(model)
    }
}

/// Tables that delete by a `CascadePlan`: they say how a surviving parent
/// loses a child and how a model's record goes; the order, the counts and the
/// list of deletions are the same for every store.
public protocol CascadingTables: ModelDirectory {
    associatedtype Write: StoreWrite
    /// A surviving parent loses one child.
    mutating func detach(_ detachment: CascadePlan.Detachment, into write: inout Write)
    /// A deleted model's record and links go; its children are planned for.
    mutating func removeRecord(_ model: ModelRef)
}

extension CascadingTables {
    /// Deletes `model` and its cascade: the surviving parents lose their
    /// child and count as updated; the deleted models go, in plan order.
    public mutating func delete(_ model: ModelRef, into write: inout Write) {
        let plan = CascadePlan(deleting: model, in: self)
        for detachment in plan.detachments { detach(detachment, into: &write) }
        for victim in plan.deletions { removeRecord(victim) }
        write.record(plan)
    }
}
