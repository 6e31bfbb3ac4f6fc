import ModelGraph
import StoreSupport

/// The payloads of a validated batch or patch, table by table, in the order
/// `PayloadMerging` merges them (a model's children before it). A table's
/// rows are merged in that order, so each payload finds what the payloads
/// before it left, as when they are merged one by one; what one table's
/// payloads do never depends on another's.
struct MergeSteps: PayloadMerging {
    var users: [UserPayload] = []
    var tags: [TagPayload] = []
    var notes: [NotePayload] = []
    var messages: [MessagePayload] = []

    mutating func merge(_ payload: UserPayload, into write: inout Void) { users.append(payload) }

    mutating func merge(_ payload: TagPayload, into write: inout Void) { tags.append(payload) }

    mutating func merge(_ payload: NotePayload, into write: inout Void) {
        if let author = payload.author.value { merge(author, into: &write) }
        for tag in payload.tags.value ?? [] { merge(tag, into: &write) }
        notes.append(payload)
    }

    mutating func merge(_ payload: MessagePayload, into write: inout Void) {
        if let author = payload.author.value { merge(author, into: &write) }
        for participant in payload.participants.value ?? [] { merge(participant, into: &write) }
        for reply in payload.replies.value ?? [] { merge(reply, into: &write) }
        messages.append(payload)
    }
}
