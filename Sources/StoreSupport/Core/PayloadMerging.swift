import ModelGraph

/// A store's tables that merge payloads one at a time.
///
/// The extension fixes the order every store merges in, the order
/// `BatchValidator` checks in: users, tags, notes, messages.
public protocol PayloadMerging {
    /// What one write has changed so far.
    associatedtype Write

    mutating func merge(_ payload: UserPayload, into write: inout Write)
    mutating func merge(_ payload: TagPayload, into write: inout Write)
    mutating func merge(_ payload: NotePayload, into write: inout Write)
    mutating func merge(_ payload: MessagePayload, into write: inout Write)
}

extension PayloadMerging {
    /// Applies a validated batch, children first.
    public mutating func merge(_ batch: PayloadBatch, into write: inout Write) {
        for payload in batch.users { merge(payload, into: &write) }
        for payload in batch.tags { merge(payload, into: &write) }
        for payload in batch.notes { merge(payload, into: &write) }
        for payload in batch.messages { merge(payload, into: &write) }
    }

    /// Applies a validated patch.
    public mutating func apply(_ patch: ModelPatch, into write: inout Write) {
        switch patch {
        case .user(let payload): merge(payload, into: &write)
        case .tag(let payload): merge(payload, into: &write)
        case .note(let payload): merge(payload, into: &write)
        case .message(let payload): merge(payload, into: &write)
        }
    }
}

/// Runs a step the batch validator has already proven cannot fail, such as
/// building the attributes of a model the validator checked.
@inline(__always)
public func validated<T>(_ step: () throws(MergeError) -> T) -> T {
    do {
        return try step()
    } catch {
        preconditionFailure("a validated batch failed to apply: \(error)")
    }
}
