import ModelGraph

/// A model as the cache holds it and a notification carries it: one object,
/// as Pinterest's models are Objective-C objects, its value immutable, its
/// children embedded as they were when it was built. An object, so
/// `NotificationCenter` takes it as it is (a Swift value would be boxed on
/// every post).
final class CachedModel: Sendable {
    let value: Value

    enum Value: Sendable {
        case user(User)
        case tag(Tag)
        case note(Note)
        case message(Message)
    }

    init(_ value: Value) {
        self.value = value
    }

    /// The cache key of `model`: its class and id, "note:17". Pinterest keys
    /// its cache by server id, unique across classes; ids here are unique
    /// within a class, so the class is part of the key.
    static func key(_ model: ModelRef) -> String {
        switch model {
        case .user(let id): "user:\(id.rawValue)"
        case .tag(let id): "tag:\(id.rawValue)"
        case .note(let id): "note:\(id.rawValue)"
        case .message(let id): "message:\(id.rawValue)"
        }
    }

    var user: User? { if case .user(let user) = value { user } else { nil } }
    var tag: Tag? { if case .tag(let tag) = value { tag } else { nil } }
    var note: Note? { if case .note(let note) = value { note } else { nil } }
    var message: Message? { if case .message(let message) = value { message } else { nil } }
}
