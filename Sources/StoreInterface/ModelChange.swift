/// What an observer of one model is told.
public enum ModelChange<Model> {
    /// The model was inserted or changed. `Model` is what the store hands to
    /// screens: a live object for a uniquing store, a new snapshot for a
    /// snapshot store.
    case updated(Model)
    /// The model was deleted, directly or by cascade.
    case deleted
}

extension ModelChange: Sendable where Model: Sendable {}

/// A change to any model of a store, as its observer registry carries it.
public enum GraphChange<User, Tag, Note, Message> {
    case user(ModelChange<User>)
    case tag(ModelChange<Tag>)
    case note(ModelChange<Note>)
    case message(ModelChange<Message>)
}

extension GraphChange: Sendable where User: Sendable, Tag: Sendable, Note: Sendable, Message: Sendable {}
