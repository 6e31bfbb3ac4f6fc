import ModelGraph

/// A model as Rocket Data's consistency manager takes it
/// (`ConsistencyManagerModel` in `plivesey/ConsistencyManager-iOS`,
/// `ConsistencyManager/Protocols/ConsistencyManagerModel.swift`): a tree of
/// existential nodes, each with a string id, walked by `forEach` and rebuilt
/// by `map` over its immediate children, compared by `isEqualToModel`.
///
/// The manager sees every node through this protocol, as it sees the app's
/// models: each child visited is boxed as `any ListenedNode`, each id built
/// as a string when asked for, each projection named by
/// `String(describing: type(of: self))` (the protocol's default
/// `projectionIdentifier`) every time it is compared.
protocol ListenedNode: Sendable {
    /// `modelIdentifier`: globally unique, so prefixed by the model's kind.
    var nodeID: String? { get }
    /// `map`: a new version of self with each immediate child transformed;
    /// nil when a required child went (a cascading delete).
    func mapChildren(_ transform: (any ListenedNode) -> (any ListenedNode)?) -> (any ListenedNode)?
    /// `forEach`: each immediate child.
    func forEachChild(_ visit: (any ListenedNode) -> Void)
    /// `isEqualToModel`: for an `Equatable` model, a cast and `==`.
    func isEqual(to other: any ListenedNode) -> Bool
}

extension ListenedNode {
    /// `projectionIdentifier`'s default: the class name as a string.
    var projection: String { String(describing: type(of: self)) }
}

extension ListenedNode where Self: Equatable {
    func isEqual(to other: any ListenedNode) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

extension User: ListenedNode {
    var nodeID: String? { "u" + String(id.rawValue) }
    func mapChildren(_ transform: (any ListenedNode) -> (any ListenedNode)?) -> (any ListenedNode)? { self }
    func forEachChild(_ visit: (any ListenedNode) -> Void) {}
}

extension Tag: ListenedNode {
    var nodeID: String? { "t" + String(id.rawValue) }
    func mapChildren(_ transform: (any ListenedNode) -> (any ListenedNode)?) -> (any ListenedNode)? { self }
    func forEachChild(_ visit: (any ListenedNode) -> Void) {}
}

extension Note: ListenedNode {
    var nodeID: String? { "n" + String(id.rawValue) }

    /// A required author deleted deletes the note; a deleted tag leaves the list.
    func mapChildren(_ transform: (any ListenedNode) -> (any ListenedNode)?) -> (any ListenedNode)? {
        guard let author = transform(author) as? User else { return nil }
        return Note(id: id, attributes: attributes, author: author, tags: tags.compactMap { transform($0) as? Tag })
    }

    func forEachChild(_ visit: (any ListenedNode) -> Void) {
        visit(author)
        for tag in tags { visit(tag) }
    }
}

extension Message: ListenedNode {
    var nodeID: String? { "m" + String(id.rawValue) }

    /// A required author deleted deletes the message and its replies; a
    /// deleted participant or reply leaves its list.
    func mapChildren(_ transform: (any ListenedNode) -> (any ListenedNode)?) -> (any ListenedNode)? {
        guard let author = transform(author) as? User else { return nil }
        return Message(
            id: id, attributes: attributes, author: author,
            participants: participants.compactMap { transform($0) as? User },
            replies: replies.compactMap { transform($0) as? Message })
    }

    func forEachChild(_ visit: (any ListenedNode) -> Void) {
        visit(author)
        for participant in participants { visit(participant) }
        for reply in replies { visit(reply) }
    }
}

/// Several models posted as one update, as Rocket Data's `BatchUpdateModel`
/// posts them: no id of its own, its models its children.
struct PostedBatch: ListenedNode {
    let models: [any ListenedNode]

    var nodeID: String? { nil }

    func mapChildren(_ transform: (any ListenedNode) -> (any ListenedNode)?) -> (any ListenedNode)? {
        PostedBatch(models: models.compactMap(transform))
    }

    func forEachChild(_ visit: (any ListenedNode) -> Void) {
        for model in models { visit(model) }
    }

    func isEqual(to other: any ListenedNode) -> Bool {
        guard let other = other as? PostedBatch, other.models.count == models.count else { return false }
        return zip(models, other.models).allSatisfy { $0.isEqual(to: $1) }
    }
}
