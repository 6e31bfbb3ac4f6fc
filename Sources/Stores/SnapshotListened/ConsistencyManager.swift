import Dispatch
import Foundation
import ModelGraph
import StoreInterface
import Synchronization

/// A model a listener holds: one of the four, as a tree of values.
enum ListenedModel: Hashable, Sendable {
    case user(User)
    case tag(Tag)
    case note(Note)
    case message(Message)

    /// Every model in the tree, the root first, as the manager's listener
    /// map indexes it (`ConsistencyManager.addListener(_:recursivelyToChildModels:)`).
    var members: [ModelRef] {
        switch self {
        case .user(let user): return [ModelRef.user(user.id)]
        case .tag(let tag): return [ModelRef.tag(tag.id)]
        case .note(let note): return [ModelRef.note(note.id), ModelRef.user(note.author.id)] + note.tags.map { ModelRef.tag($0.id) }
        case .message(let message):
            var members: [ModelRef] = []
            var pending = [message]
            while let next = pending.popLast() {
                members.append(.message(next.id))
                members.append(.user(next.author.id))
                members += next.participants.map { .user($0.id) }
                pending += next.replies
            }
            return members
        }
    }
}

/// One screen listening to one model: what it holds now, on the main thread,
/// and what to call there when that changes. The manager holds it weakly.
final class Listener: @unchecked Sendable {
    // @unchecked: `current` is read and written on the main thread only
    // (the manager reads it through `MainQueue.runAndWait`, as
    // `DispatchQueue.main.sync`).
    var current: ListenedModel?
    /// The model listened to, which may not exist yet.
    let root: ModelRef
    private let deliverTo: @Sendable (ListenedModel?) -> Void
    private let cancelled = Atomic<Bool>(false)

    init(_ root: ModelRef, _ current: ListenedModel?, deliver: @escaping @Sendable (ListenedModel?) -> Void) {
        self.root = root
        self.current = current
        deliverTo = deliver
    }

    /// Hands the listener its new model, unless its observation has ended.
    func deliver(_ model: ListenedModel?) {
        guard !cancelled.load(ordering: .acquiring) else { return }
        deliverTo(model)
    }

    /// Ends the observation: no delivery after this one reaches the handler.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}

/// What a write changed, as the manager is handed it: the new value of every
/// changed model, and the deleted ones (`updateModel`, `deleteModel`).
struct ModelUpdates: Sendable {
    var changed: [ModelRef: ListenedModel] = [:]
    /// Messages whose own records changed, with their direct replies now: a
    /// tree maps its replies from these.
    var replies: [MessageID: [MessageID]] = [:]
    var deleted: Set<ModelRef> = []

    var isEmpty: Bool { changed.isEmpty && deleted.isEmpty }
}

/// Rocket Data's consistency manager (`plivesey/ConsistencyManager-iOS`,
/// `ConsistencyManager/ConsistencyManager.swift`), as it runs:
///
/// - All its work runs on one serial queue (`queue`, an `OperationQueue` with
///   `maxConcurrentOperationCount = 1`): `updateModel` and `addListener` only
///   dispatch a task there and return.
/// - The listener map is id → weak listeners (`listeners: [String:
///   WeakListenerArray]`), touched only on that queue; `addListener` walks the
///   listener's whole model and adds the listener under every id in it
///   (`addListener(_:recursivelyToChildModels:)`). An update skips dead
///   entries and keeps them ("We're not going to prune the listeners array
///   because of performance reasons", `childrenAndListenersForModel`); a
///   delete prunes the deleted id's array (`deleteModel`: `prune()`), and so
///   does `cleanMemory`, on a memory warning or every 300 seconds
///   (`garbageCollectionInterval`), which no round lasts.
/// - An update collects the listeners of every changed id without
///   duplicates, each checked against those collected with a full
///   `reduce { $0 || $1 === listener }`.
/// - An update reads every affected listener's current model on the main
///   thread in one `DispatchQueue.main.sync` (`updateListeners`), rebuilds each
///   listener's tree on the queue with a full `map` over every node
///   (`updatedModelFromOriginalModel`: every node is mapped and rebuilt, the
///   changed ones replaced), listens to new children, and hands every result
///   to its listener in one `DispatchQueue.main.async`.
/// - Equal models short-circuit: a listener whose tree did not change is not
///   told (`isEqualToModel`).
final class ConsistencyManager: @unchecked Sendable {
    // @unchecked: `listeners` is touched only on `queue`.
    private let queue: SerialWorker
    private var listeners: [ModelRef: [WeakListener]] = [:]
    private let mainQueue: MainQueue
    /// Tasks dispatched and deliveries enqueued that have not finished.
    private let inFlight = WorkCount()
    /// Listener trees rebuilt, in all: what an update costs, counted.
    let rebuilds = Atomic<Int>(0)
    /// Listeners told of a change, in all.
    let deliveries = Atomic<Int>(0)

    init(mainQueue: MainQueue) {
        self.mainQueue = mainQueue
        let inFlight = inFlight
        queue = SerialWorker(afterEach: { inFlight.finished(waking: mainQueue) })
    }

    deinit {
        queue.stop()
    }

    /// Whether nothing is queued, running or waiting to be delivered.
    var isIdle: Bool { inFlight.isZero }

    private func dispatch(_ task: @escaping @Sendable () -> Void) {
        inFlight.started()
        queue.submit(task)
    }

    /// `addListener`: indexes the listener under every model of what it
    /// holds now, on the queue.
    func addListener(_ listener: Listener, holding model: ListenedModel?) {
        dispatch {
            // A model not there yet is listened to by its id, to hear it arrive.
            for member in model?.members ?? [listener.root] { self.listen(listener, to: member) }
        }
    }

    /// Adds `listener` under `model`'s id unless it is there already, as
    /// `addListener(_:toModel:)` does: a scan of the id's array comparing
    /// each live entry with `===` (`if let object = weakArray[i] { if object
    /// === listener ...`). A dead entry matches nothing, whatever its address
    /// was: the allocator hands a new listener the address of one just
    /// freed, and comparing identities kept that listener out of the map.
    private func listen(_ listener: Listener, to model: ModelRef) {
        let present = listeners[model]?.contains { $0.listener === listener } ?? false
        if !present { listeners[model, default: []].append(WeakListener(listener)) }
    }

    /// `updateModel` / `deleteModel`: on the queue, every listener of a
    /// changed model has its tree rebuilt and handed over on the main thread.
    func update(_ updates: ModelUpdates) {
        guard !updates.isEmpty else { return }
        dispatch { self.run(updates) }
    }

    private func run(_ updates: ModelUpdates) {
        // The listeners that care about these ids: a changed id's dead
        // entries are skipped and kept, a deleted id's pruned.
        var affected: [Listener] = []
        for model in updates.changed.keys { collect(listeners[model] ?? [], into: &affected) }
        for model in updates.deleted {
            guard var entries = listeners[model] else { continue }
            entries.removeAll { $0.listener == nil }
            listeners[model] = entries.isEmpty ? nil : entries
            collect(entries, into: &affected)
        }
        guard !affected.isEmpty else { return }
        // One main.sync for every listener's current model.
        let holders = affected
        let current = mainQueue.runAndWait { holders.map(\.current) }
        var results: [(Listener, ListenedModel?)] = []
        for (listener, model) in zip(affected, current) {
            guard let model else {
                // It has arrived.
                if let arrived = updates.changed[listener.root] { results.append((listener, arrived)) }
                continue
            }
            rebuilds.add(1, ordering: .relaxed)
            var replaced: [ListenedModel] = []
            let mapped = Self.map(model, updates, replaced: &replaced)
            guard mapped != model else { continue }
            // Listen to every model in the subtrees that were replaced, which
            // may hold children the listener had not heard of.
            for model in replaced {
                for member in model.members { listen(listener, to: member) }
            }
            results.append((listener, mapped))
        }
        guard !results.isEmpty else { return }
        inFlight.started()
        // One main.async for every result.
        let handed = results
        mainQueue.enqueue {
            for (listener, model) in handed {
                listener.current = model
                listener.deliver(model)
            }
            self.deliveries.add(handed.count, ordering: .relaxed)
            self.inFlight.finished(waking: self.mainQueue)
        }
    }

    /// Appends each live listener of `entries` not collected yet, as
    /// `childrenAndListenersForModel` does: a full scan of those collected.
    /// - Complexity: O(`entries.count` × `collected.count`).
    private func collect(_ entries: [WeakListener], into collected: inout [Listener]) {
        for entry in entries {
            guard let listener = entry.listener else { continue }
            let contains = collected.reduce(false) { $0 || $1 === listener }
            if !contains { collected.append(listener) }
        }
    }

    /// How many entries, dead ones included, the listener map holds for
    /// `model`: what an update scans.
    func entries(for model: ModelRef) -> Int { listeners[model]?.count ?? 0 }

    // MARK: Mapping a whole tree

    /// The tree with every node mapped: a changed node replaced by its new
    /// value, a deleted one gone (nil for the root), every other node rebuilt
    /// from its mapped children, as `model.map` rebuilds each
    /// (`updatedModelFromOriginalModel`). Each replacement is added to
    /// `replaced`, as the manager collects `newModels` to listen to.
    static func map(_ model: ListenedModel, _ updates: ModelUpdates, replaced: inout [ListenedModel]) -> ListenedModel? {
        switch model {
        case .user(let user):
            return mapUser(user, updates, &replaced).map(ListenedModel.user)
        case .tag(let tag):
            return mapTag(tag, updates, &replaced).map(ListenedModel.tag)
        case .note(let note):
            return mapNote(note, updates, &replaced).map(ListenedModel.note)
        case .message(let message):
            return mapMessage(message, updates, &replaced).map(ListenedModel.message)
        }
    }

    private static func mapUser(_ user: User, _ updates: ModelUpdates, _ replaced: inout [ListenedModel]) -> User? {
        if updates.deleted.contains(.user(user.id)) { return nil }
        if case .user(let new)? = updates.changed[.user(user.id)] {
            replaced.append(.user(new))
            return new
        }
        return User(id: user.id, attributes: user.attributes)
    }

    private static func mapTag(_ tag: Tag, _ updates: ModelUpdates, _ replaced: inout [ListenedModel]) -> Tag? {
        if updates.deleted.contains(.tag(tag.id)) { return nil }
        if case .tag(let new)? = updates.changed[.tag(tag.id)] {
            replaced.append(.tag(new))
            return new
        }
        return Tag(id: tag.id, attributes: tag.attributes)
    }

    private static func mapNote(_ note: Note, _ updates: ModelUpdates, _ replaced: inout [ListenedModel]) -> Note? {
        let ref = ModelRef.note(note.id)
        if updates.deleted.contains(ref) { return nil }
        if case .note(let new)? = updates.changed[ref] {
            replaced.append(.note(new))
            return new
        }
        // A required author deleted cascades; a deleted tag leaves the list.
        guard let author = mapUser(note.author, updates, &replaced) else { return nil }
        let tags = note.tags.compactMap { mapTag($0, updates, &replaced) }
        return Note(id: note.id, attributes: note.attributes, author: author, tags: tags)
    }

    private static func mapMessage(
        _ message: Message, _ updates: ModelUpdates, _ replaced: inout [ListenedModel]
    ) -> Message? {
        let ref = ModelRef.message(message.id)
        if updates.deleted.contains(ref) { return nil }
        var replies = message.replies.compactMap { mapMessage($0, updates, &replaced) }
        guard case .message(let new)? = updates.changed[ref] else {
            guard let author = mapUser(message.author, updates, &replaced) else { return nil }
            return Message(id: message.id, attributes: message.attributes, author: author,
                           participants: message.participants.compactMap { mapUser($0, updates, &replaced) },
                           replies: replies)
        }
        // Its replies as they are now: kept subtrees mapped, new ones as sent.
        if let order = updates.replies[message.id] {
            let kept = Dictionary(replies.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let sent = Dictionary(new.replies.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            replies = order.compactMap { kept[$0] ?? sent[$0] }
        }
        let replacement = Message(id: message.id, attributes: new.attributes, author: new.author,
                                  participants: new.participants, replies: replies)
        // The node itself, and the replies it did not have (those it had
        // were mapped above and added what in them was replaced).
        let node = Message(id: message.id, attributes: new.attributes, author: new.author,
                           participants: new.participants, replies: [])
        replaced.append(ListenedModel.message(node))
        let had = Set(message.replies.map(\.id))
        for reply in new.replies where !had.contains(reply.id) {
            replaced.append(ListenedModel.message(reply))
        }
        return replacement
    }
}

/// Tasks dispatched and deliveries enqueued that have not finished: what
/// `ConsistencyManager.isIdle` and a settling main thread wait on.
private final class WorkCount: Sendable {
    private let count = Atomic<Int>(0)

    var isZero: Bool { count.load(ordering: .sequentiallyConsistent) == 0 }

    func started() { count.add(1, ordering: .sequentiallyConsistent) }

    /// One finished, and released: when it was the last, a main thread
    /// waiting for the manager to settle looks again.
    func finished(waking mainQueue: MainQueue) {
        if count.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 { mainQueue.wake() }
    }
}

/// A listener held weakly, as `WeakListenerArray` holds them.
private struct WeakListener: Sendable {
    weak var listener: Listener?

    init(_ listener: Listener) {
        self.listener = listener
    }
}
