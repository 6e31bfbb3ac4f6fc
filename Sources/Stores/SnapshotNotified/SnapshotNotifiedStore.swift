import Instrumentation
import ModelGraph
import StoreInterface
import StoreSupport

/// `snapshot-notified`: Pinterest's model layer (Wendy Lu, "Immutable models
/// and data consistency in our iOS App", Pinterest Engineering, 2016):
/// immutable models in a central cache, replaced on every change, posted
/// through `NotificationCenter`.
///
/// What sets its costs, each as the article says:
/// - "We keep a central model cache built on PINCache … The keys of this
///   cache are the unique, server-specified IDs of models": `ModelCache`,
///   PINMemoryCache's dictionaries behind one mutex, whose every read also
///   writes the key's access date.
/// - "We'll merge the fields of the server response and the properties of
///   the existing model into a brand new model object. This new model
///   replaces the existing one in the cache": `ResponseMerger`, a read and a
///   write of the cache per model a response carries.
/// - Models embed their children as they were built (`message.users`); a
///   child changed on its own leaves the parents that embed it as they were.
///   The article says nothing of parents then, and the store does nothing.
/// - "postModelUpdatedNotificationWithObject will check the model cache for
///   the most recent model of the same class + server identifier, and post
///   the cached instance": after a write, each model it replaced is read
///   from the cache again and posted (`ModelNotifications`).
/// - "We can safely have multiple threads reading concurrently": a lookup
///   is a cache read on the calling thread; a held value is read with no
///   lock.
///
/// What the interface asks and the article does not say: a batch is checked
/// before it merges and merges whole, writes are serialized by a lock of
/// their own (readers never take it) and post in write order while holding
/// it, equal payloads are short-circuited, and a delete cascades.
public final class SnapshotNotifiedStore: ModelStore, Sendable {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = Note
    public typealias MessageHandle = Message

    let cache = ModelCache()
    private let notifications = ModelNotifications()
    /// The merger, behind the lock that serializes writes.
    private let writer: InstrumentedLockedValue<ResponseMerger>

    public static let design = StoreDesign(
        name: "snapshot-notified", family: .values, threading: .anyThread,
        summary: "immutable values in a central cache keyed by class and id (PINCache's memory cache: one mutex, "
            + "every read writes an access date), each change merged into a new model that replaces the cached "
            + "one and posted through NotificationCenter; parents keep the children they were built with",
        modelledOn: "Pinterest's model cache (Wendy Lu, “Immutable models and data consistency in our iOS App”, "
            + "2016), on PINCache's PINMemoryCache (pinterest/PINCache 3.0.4) and Foundation's NotificationCenter",
        follows: [.pinterest],
        childChanges: .keptAsBuilt)

    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        writer = InstrumentedLockedValue(ResponseMerger(cache: cache), site: .storeState)
    }

    // MARK: Writing: a response at a time

    @discardableResult
    public func merge(_ batch: PayloadBatch) throws(MergeError) -> ChangeSummary {
        try write { (merger, write) throws(MergeError) in
            try BatchValidator.validate(batch, against: merger)
            merger.merge(batch, into: &write)
        }
    }

    @discardableResult
    public func apply(_ patch: ModelPatch) throws(MergeError) -> ChangeSummary {
        try write { (merger, write) throws(MergeError) in
            try BatchValidator.validate(patch, against: merger)
            merger.apply(patch, into: &write)
        }
    }

    @discardableResult
    public func delete(_ model: ModelRef) -> ChangeSummary {
        do {
            return try write { merger, write in merger.delete(model, into: &write) }
        } catch {
            preconditionFailure("deleting cannot fail: \(error)")
        }
    }

    /// Runs `body` under the write lock, then posts each model it replaced,
    /// read again from the cache, and each it deleted, still under the lock
    /// so that observers hear writes in order.
    private func write(
        _ body: (inout ResponseMerger, inout NotifiedWrite) throws(MergeError) -> Void
    ) throws(MergeError) -> ChangeSummary {
        try writer.withLock { (merger) throws(MergeError) in
            var write = NotifiedWrite()
            try body(&merger, &write)
            let callsBefore = notifications.handlerCalls
            let deleted = Set(write.deleted)
            for model in write.replaced where !deleted.contains(model) {
                guard let instance = cache.object(forKey: CachedModel.key(model)) else { continue }
                notifications.post(model, instance)
            }
            for model in write.deleted { notifications.post(model, nil) }
            write.summary.notifications = notifications.handlerCalls - callsBefore
            return write.summary
        }
    }

    // MARK: Reading: the cache, on any thread

    public func user(_ id: UserID) -> User? { cache.object(forKey: CachedModel.key(.user(id)))?.user }
    public func tag(_ id: TagID) -> Tag? { cache.object(forKey: CachedModel.key(.tag(id)))?.tag }
    public func note(_ id: NoteID) -> Note? { cache.object(forKey: CachedModel.key(.note(id)))?.note }
    public func message(_ id: MessageID) -> Message? { cache.object(forKey: CachedModel.key(.message(id)))?.message }

    // MARK: Observing: a block per class and id

    public func observe(_ id: UserID, _ handler: @escaping @Sendable (ModelChange<User>) -> Void) -> ObservationToken {
        notifications.observe(.user(id)) { instance in Self.deliver(instance, \.user, to: handler) }
    }

    public func observe(_ id: TagID, _ handler: @escaping @Sendable (ModelChange<Tag>) -> Void) -> ObservationToken {
        notifications.observe(.tag(id)) { instance in Self.deliver(instance, \.tag, to: handler) }
    }

    public func observe(_ id: NoteID, _ handler: @escaping @Sendable (ModelChange<Note>) -> Void) -> ObservationToken {
        notifications.observe(.note(id)) { instance in Self.deliver(instance, \.note, to: handler) }
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<Message>) -> Void
    ) -> ObservationToken {
        notifications.observe(.message(id)) { instance in Self.deliver(instance, \.message, to: handler) }
    }

    private static func deliver<Value>(
        _ instance: CachedModel?, _ value: (CachedModel) -> Value?, to handler: (ModelChange<Value>) -> Void
    ) {
        guard let instance else { return handler(.deleted) }
        if let value = value(instance) { handler(.updated(value)) }
    }

    // MARK: Housekeeping

    /// No weak table: nothing to purge.
    @discardableResult
    public func purge() -> Int { 0 }

    public var counts: StoreCounts {
        var counts = StoreCounts()
        counts.models = cache.count
        counts.live = counts.models
        counts.observers = notifications.observerCount
        return counts
    }

    /// The cache's models by id, each parent built from its children's
    /// latest instances: what the store knows, not what its parents embed.
    public func exportState() -> GraphState {
        var users: [UserID: UserAttributes] = [:], tags: [TagID: TagAttributes] = [:]
        var notes: [NoteID: NoteRecord] = [:], messages: [MessageID: MessageRecord] = [:]
        cache.enumerateObjects { _, object in
            switch object.value {
            case .user(let user): users[user.id] = user.attributes
            case .tag(let tag): tags[tag.id] = tag.attributes
            case .note(let note):
                notes[note.id] = NoteRecord(
                    attributes: note.attributes, author: note.author.id, tags: note.tags.map(\.id))
            case .message(let message):
                messages[message.id] = MessageRecord(
                    attributes: message.attributes, author: message.author.id,
                    participants: message.participants.map(\.id), replies: message.replies.map(\.id))
            }
        }
        return GraphState(users: users, tags: tags, notes: notes, messages: messages)
    }
}
