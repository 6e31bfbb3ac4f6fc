/// Why a batch could not be merged. A batch that fails changes nothing.
public enum MergeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A payload for a model the store does not have lacks a required field.
    case missingRequiredField(ModelRef, field: String)
    /// A message would become a reply to itself or to one of its replies.
    case replyCycle(MessageID)
    /// A message payload lists the same reply twice, or under two parents.
    case conflictingParent(MessageID)

    public var description: String {
        switch self {
        case .missingRequiredField(let ref, let field):
            "cannot insert \(ref): the payload has no '\(field)'"
        case .replyCycle(let id):
            "message \(id) cannot be a reply within its own thread"
        case .conflictingParent(let id):
            "message \(id) is listed as a reply of more than one message in one batch"
        }
    }
}
