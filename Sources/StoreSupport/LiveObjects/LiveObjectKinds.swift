import ModelGraph

/// The classes a uniquing store hands out, one per kind of model.
///
/// Each object holds its related models as objects (a note its author and
/// tags), and knows how to take new values from its record: under its own
/// lock when it is shared between threads, plainly when one thread owns it,
/// through Observation's registrar when it is `@Observable`.
public protocol LiveObjectKinds {
    /// What every object of one store is built with (lock stripes, say).
    associatedtype Context
    associatedtype User: LiveUserObject where User.Context == Context
    associatedtype Tag: LiveTagObject where Tag.Context == Context
    associatedtype Note: LiveNoteObject where Note.Context == Context, Note.User == User, Note.Tag == Tag
    associatedtype Message: LiveMessageObject where Message.Context == Context, Message.User == User
}

/// What every live object can be told.
public protocol LiveObject: AnyObject {
    associatedtype Context
    /// The model was deleted: holders keep the object, it stops changing.
    func markDeleted()
}

public protocol LiveUserObject: LiveObject {
    init(id: UserID, attributes: UserAttributes, context: Context)
    /// Takes the record's fields.
    func refresh(_ attributes: UserAttributes)
}

public protocol LiveTagObject: LiveObject {
    init(id: TagID, attributes: TagAttributes, context: Context)
    func refresh(_ attributes: TagAttributes)
}

public protocol LiveNoteObject: LiveObject {
    associatedtype User: AnyObject
    associatedtype Tag: AnyObject
    init(id: NoteID, attributes: NoteAttributes, author: User, tags: [Tag], context: Context)
    /// Takes the record's fields and, when its relationships changed, the
    /// related objects, all at once.
    func refresh(_ attributes: NoteAttributes, relinking: (author: User, tags: [Tag])?)
}

public protocol LiveMessageObject: LiveObject {
    associatedtype User: AnyObject
    init(
        id: MessageID, attributes: MessageAttributes, author: User, participants: [User], replies: [Self],
        context: Context)
    func refresh(_ attributes: MessageAttributes, relinking: (author: User, participants: [User], replies: [Self])?)
}
