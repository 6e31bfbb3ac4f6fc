import Foundation
import Instrumentation
import ModelGraph
import StoreInterface
import StoreSupport

/// `snapshot-flat`: GitHawk's FlatCache (`GitHawkApp/FlatCache`,
/// `FlatCache/FlatCache.swift`) as it runs: immutable values flat under
/// their ids, per-key listeners, used from the main thread only and locked
/// nowhere.
///
/// What sets its costs, and where FlatCache does the same:
/// - Keys built from the type's name: every `get`, `set` and
///   `add(listener:value:)` computes `String(describing:)` of the value's
///   type and hashes it with the id, a string (`FlatCacheKey`,
///   `Cachable.typeName`); values are stored as `Any` and cast back on every
///   `get` (`storage[key] as? T`). See `FlatCache`.
/// - Main thread only, no lock: every `get`, `set` and `add(listener:)`
///   begins with `assert(Thread.isMainThread)` and reads or writes the
///   `storage` dictionary directly; the concurrent queue it declares is never
///   used. Here the tables are a `StoreCore` confined to the main thread.
/// - Writes from other threads hop to the main thread, as GitHawk's network
///   callbacks dispatch to the main queue before `set`: `merge`, `apply` and
///   `delete` from another thread wait there (`MainQueue.runAndWait`, the
///   `DispatchQueue.main.sync` of this harness) and the work is the main
///   thread's. So does `readRow(of:into:)`, the background path, since
///   nothing but the main thread may read the cache.
/// - Flat values, nothing rebuilt: `set(value:)` replaces one entry. A parent
///   refers to its children by id; a row gets the note's author and tags from
///   the cache when displayed (a store access, counted as store work).
/// - Listeners per key, weak (`NSHashTable.weakObjects()`; `WeakObjectTable`
///   here), each entry cast to `FlatCacheListener` and told `.item(value)`
///   on the main thread once the write's values are stored, as
///   `set(values:)` tells them.
/// - One copy of each model, the cache's: GitHawk keeps its models in
///   FlatCache alone. Merging partial payloads into the cached superset is
///   Pinterest's ("we'll merge the fields of the server response and the
///   properties of the existing model into a brand new model object": Wendy
///   Lu, “Immutable models and data consistency in our iOS App”, 2016), which
///   every store here does through the shared merge (`RecordStorage`); here
///   it reads each model's value from the cache and stores the merged value
///   in its place (`FlatTables`). Beside the cache, the reverse index the
///   cascades read, which FlatCache has no call for.
public final class SnapshotFlatStore: CoreBackedStore, Sendable {
    /// Confined to `mainQueue`'s main thread, which it checks on every access.
    public let core: StoreCore<FlatTables>
    let mainQueue: MainQueue

    public static let design = StoreDesign(
        name: "snapshot-flat", family: .values, threading: .mainThread,
        summary: "immutable values flat under string keys built from their type's name, the cache the only copy of "
            + "each model, children by id, a row joined through the cache when displayed, weak listeners per key; "
            + "main thread only and no lock, writes from other threads hop there (GitHawk's FlatCache)",
        modelledOn: "GitHawk's FlatCache (GitHawkApp/FlatCache, FlatCache/FlatCache.swift: storage [FlatCacheKey: "
            + "Any] keyed by String(describing:) of the type and a string id, weak listeners per key in an "
            + "NSHashTable, assert(Thread.isMainThread) in every get, set and add(listener:)); values changed by new "
            + "copies (Ryan Nystrom, “Immutable Model Mutability”)",
        follows: [.gitHawk],
        rowsReadTheStore: true)

    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        mainQueue = configuration.mainQueue
        core = StoreCore(FlatTables(), confinedTo: configuration.mainQueue)
    }

    // MARK: Writes and the background path hop to the main thread

    @discardableResult
    public func merge(_ batch: PayloadBatch) throws(MergeError) -> ChangeSummary {
        let core = core
        return try mainQueue.runAndWait { () throws(MergeError) in Self.tellListeners(try core.merge(batch), core) }
    }

    @discardableResult
    public func apply(_ patch: ModelPatch) throws(MergeError) -> ChangeSummary {
        let core = core
        return try mainQueue.runAndWait { () throws(MergeError) in Self.tellListeners(try core.apply(patch), core) }
    }

    @discardableResult
    public func delete(_ model: ModelRef) -> ChangeSummary {
        let core = core
        return mainQueue.runAndWait { Self.tellListeners(core.delete(model), core) }
    }

    /// Makes the listener calls the write owes, now that its values are all
    /// stored and nothing holds the tables; counts them as its notifications.
    private static func tellListeners(_ summary: ChangeSummary, _ core: StoreCore<FlatTables>) -> ChangeSummary {
        let calls = core.read { $0.cache.takeOwedCalls() }
        for call in calls { call.listener.flatCacheDidUpdate(call.update) }
        var summary = summary
        summary.notifications = calls.count
        return summary
    }

    // MARK: Observing: a listener per key

    public func observe(_ id: UserID, _ handler: @escaping @Sendable (ModelChange<User>) -> Void) -> ObservationToken {
        listen(User.self, id: String(id.rawValue), handler)
    }

    public func observe(_ id: TagID, _ handler: @escaping @Sendable (ModelChange<Tag>) -> Void) -> ObservationToken {
        listen(Tag.self, id: String(id.rawValue), handler)
    }

    public func observe(
        _ id: NoteID, _ handler: @escaping @Sendable (ModelChange<FlatNote>) -> Void
    ) -> ObservationToken {
        listen(FlatNote.self, id: String(id.rawValue), handler)
    }

    public func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<FlatMessage>) -> Void
    ) -> ObservationToken {
        listen(FlatMessage.self, id: String(id.rawValue), handler)
    }

    /// A listener object added to the cache under the value's key, on the
    /// main thread; the token holds it, and the cache only weakly.
    private func listen<Value: FlatCachable>(
        _ type: Value.Type, id: String, _ handler: @escaping @Sendable (ModelChange<Value>) -> Void
    ) -> ObservationToken {
        let listener = FlatListener(handler)
        let core = core
        mainQueue.runAndWait { core.read { $0.cache.add(listener, to: Value.self, id: id) } }
        return ObservationToken(FlatListenerRegistration(listener))
    }

    public func readRow<Sink: RowSink>(of model: ModelRef, into sink: inout Sink) -> Bool {
        let core = core
        guard !mainQueue.isMainThread else { return core.read { $0.cache.displayRow(of: model, into: &sink) } }
        // The sink goes to the main thread and comes back, by value.
        let given = sink
        let (found, filled) = mainQueue.runAndWait {
            var filled = given
            let found = core.read { $0.cache.displayRow(of: model, into: &filled) }
            return (found, filled)
        }
        sink = filled
        return found
    }

    public var counts: StoreCounts {
        let core = core
        return mainQueue.runAndWait { [self] in
            var counts = coreCounts
            counts.observers = core.read { $0.cache.liveListeners }
            return counts
        }
    }

    public func exportState() -> GraphState {
        let core = core
        return mainQueue.runAndWait { core.read { $0.exportState() } }
    }
}

/// A screen's listener: told `.item(value)`, it casts the value back, as a
/// GitHawk view controller does in `flatCacheDidUpdate(cache:update:)`.
private final class FlatListener<Value: FlatCachable>: FlatCacheListener {
    private let handler: @Sendable (ModelChange<Value>) -> Void

    init(_ handler: @escaping @Sendable (ModelChange<Value>) -> Void) {
        self.handler = handler
    }

    func flatCacheDidUpdate(_ update: FlatCacheUpdate) {
        switch update {
        case .item(let item):
            if let value = item as? Value { handler(.updated(value)) }
        case .removed:
            handler(.deleted)
        }
    }
}

/// What a token holds: the listener, strongly; cancelling lets it go, and
/// the cache's weak entry dies with it.
private final class FlatListenerRegistration: CancellableObserver, Sendable {
    private let listener: LockedValue<(any FlatCacheListener)?>

    init(_ listener: any FlatCacheListener) {
        self.listener = LockedValue(listener)
    }

    func cancel() {
        let released = listener.withLock { listener in
            defer { listener = nil }
            return listener
        }
        // Released outside the lock: its deinit may run anything.
        _ = released
    }
}

/// The cache is the only copy of every model, as GitHawk keeps its models in
/// FlatCache alone: the shared merge (`RecordStorage`) reads a model's value
/// from the cache (a key from the type's name, a cast), merges the payload
/// into a new value and stores it (a key, a box), beside the reverse index
/// the cascades and the batch checks read. Every model a write changed owes
/// its listeners one call once the write's values are all stored, as
/// `set(values:)` stores them all before it tells anyone.
public struct FlatTables: RecordStorage, ValueTables {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = FlatNote
    public typealias MessageHandle = FlatMessage

    public let cache = FlatCache()
    public var index = ReverseIndex()

    // A lookup is FlatCache's `get`: a key from the type's name, a cast.
    @inlinable public func value(_ id: UserID) -> User? { cache.get(User.self, id: String(id.rawValue)) }
    @inlinable public func value(_ id: TagID) -> Tag? { cache.get(Tag.self, id: String(id.rawValue)) }
    @inlinable public func value(_ id: NoteID) -> FlatNote? { cache.get(FlatNote.self, id: String(id.rawValue)) }
    @inlinable public func value(_ id: MessageID) -> FlatMessage? {
        cache.get(FlatMessage.self, id: String(id.rawValue))
    }

    // The merge reads each model as a row does, from the cache.
    @inlinable public func userAttributes(_ id: UserID) -> UserAttributes? { cache.userAttributes(id) }
    @inlinable public func tagAttributes(_ id: TagID) -> TagAttributes? { cache.tagAttributes(id) }
    @inlinable public func noteRecord(_ id: NoteID) -> NoteRecord? { cache.noteRecord(id) }
    @inlinable public func messageRecord(_ id: MessageID) -> MessageRecord? { cache.messageRecord(id) }

    // A change is a new value replacing the cached one; an unchanged model
    // is left as it is.

    @inlinable
    public mutating func updateUser(_ id: UserID, _ body: (inout UserAttributes) -> Bool) -> Bool? {
        guard var attributes = cache.userAttributes(id) else { return nil }
        guard body(&attributes) else { return false }
        cache.store(User(id: id, attributes: attributes))
        return true
    }

    @inlinable
    public mutating func updateTag(_ id: TagID, _ body: (inout TagAttributes) -> Bool) -> Bool? {
        guard var attributes = cache.tagAttributes(id) else { return nil }
        guard body(&attributes) else { return false }
        cache.store(Tag(id: id, attributes: attributes))
        return true
    }

    @inlinable
    public mutating func updateNote(_ id: NoteID, _ body: (inout NoteRecord) -> Bool) -> Bool? {
        guard var record = cache.noteRecord(id) else { return nil }
        guard body(&record) else { return false }
        cache.store(FlatNote(id: id, record: record))
        return true
    }

    @inlinable
    public mutating func updateMessage(_ id: MessageID, _ body: (inout MessageRecord) -> Bool) -> Bool? {
        guard var record = cache.messageRecord(id) else { return nil }
        guard body(&record) else { return false }
        cache.store(FlatMessage(id: id, record: record))
        return true
    }

    @inlinable
    public mutating func insertUser(_ id: UserID, _ attributes: UserAttributes) {
        cache.store(User(id: id, attributes: attributes))
    }

    @inlinable
    public mutating func insertTag(_ id: TagID, _ attributes: TagAttributes) {
        cache.store(Tag(id: id, attributes: attributes))
    }

    @inlinable
    public mutating func insertNote(_ id: NoteID, _ record: NoteRecord) {
        cache.store(FlatNote(id: id, record: record))
    }

    @inlinable
    public mutating func insertMessage(_ id: MessageID, _ record: MessageRecord) {
        cache.store(FlatMessage(id: id, record: record))
    }

    public func contains(_ model: ModelRef) -> Bool {
        switch model {
        case .user(let id): cache.contains(User.self, id: String(id.rawValue))
        case .tag(let id): cache.contains(Tag.self, id: String(id.rawValue))
        case .note(let id): cache.contains(FlatNote.self, id: String(id.rawValue))
        case .message(let id): cache.contains(FlatMessage.self, id: String(id.rawValue))
        }
    }

    public func replies(of message: MessageID) -> [MessageID] { messageRecord(message)?.replies ?? [] }

    /// Removes a deleted model's value and its links in the index; the
    /// cascade has already detached it from the parents that stay.
    public mutating func removeRecord(_ model: ModelRef) {
        switch model {
        case .user(let id):
            cache.discard(User.self, id: String(id.rawValue))
        case .tag(let id):
            cache.discard(Tag.self, id: String(id.rawValue))
        case .note(let id):
            guard let record = noteRecord(id) else { return }
            cache.discard(FlatNote.self, id: String(id.rawValue))
            index.unlink(note: id, links: record)
        case .message(let id):
            guard let record = messageRecord(id) else { return }
            cache.discard(FlatMessage.self, id: String(id.rawValue))
            index.unlink(message: id, links: record)
        }
    }

    public var modelCount: Int { cache.count }

    /// Every model as values, denormalized from the cache's.
    public func exportState() -> GraphState {
        var users: [UserID: UserAttributes] = [:], tags: [TagID: TagAttributes] = [:]
        var notes: [NoteID: NoteRecord] = [:], messages: [MessageID: MessageRecord] = [:]
        for value in cache.values {
            switch value {
            case let user as User: users[user.id] = user.attributes
            case let tag as Tag: tags[tag.id] = tag.attributes
            case let note as FlatNote: notes[note.id] = note.record
            case let message as FlatMessage: messages[message.id] = message.record
            default: preconditionFailure("FlatCache holds a \(type(of: value)), which no store puts there")
            }
        }
        return GraphState(users: users, tags: tags, notes: notes, messages: messages)
    }

    /// Owes each changed model's listeners its new value, and each deleted
    /// model's listeners the news.
    public mutating func commit(_ write: inout RecordChanges) {
        for model in write.changed {
            switch model {
            case .user(let id): if let user = value(id) { cache.announce(user) }
            case .tag(let id): if let tag = value(id) { cache.announce(tag) }
            case .note(let id): if let note = value(id) { cache.announce(note) }
            case .message(let id): if let message = value(id) { cache.announce(message) }
            }
        }
        for model in write.deleted {
            switch model {
            case .user(let id): cache.announceRemoval(User.self, id: String(id.rawValue))
            case .tag(let id): cache.announceRemoval(Tag.self, id: String(id.rawValue))
            case .note(let id): cache.announceRemoval(FlatNote.self, id: String(id.rawValue))
            case .message(let id): cache.announceRemoval(FlatMessage.self, id: String(id.rawValue))
            }
        }
    }

    /// The cache's listeners are owed their calls; nothing goes through the
    /// core's notifier.
    public func schedule(_ write: RecordChanges, into pending: inout PendingNotifications<Changes>) {}
}
