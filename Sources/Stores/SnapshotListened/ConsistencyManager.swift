import Dispatch
import Foundation
import Instrumentation
import ModelGraph
import StoreInterface
import Synchronization

/// One screen listening to one model: what it holds now, on the main thread,
/// and what to call there when that changes. The manager holds it weakly.
final class Listener: Sendable {
    /// The model the screen holds: touched on the main thread alone (the
    /// manager reads it through `MainQueue.runAndWait`, as
    /// `DispatchQueue.main.sync`), which every access checks.
    let current: ThreadBound<(any ListenedNode)?>
    /// The id of the model listened to, which may not exist yet.
    let rootID: String
    private let deliverTo: @Sendable ((any ListenedNode)?) -> Void
    private let cancelled = Atomic<Bool>(false)

    init(
        _ rootID: String, _ current: (any ListenedNode)?, on mainQueue: MainQueue,
        deliver: @escaping @Sendable ((any ListenedNode)?) -> Void
    ) {
        self.rootID = rootID
        self.current = ThreadBound(current, on: mainQueue)
        deliverTo = deliver
    }

    /// Hands the listener its new model, unless its observation has ended.
    func deliver(_ model: (any ListenedNode)?) {
        guard !cancelled.load(ordering: .acquiring) else { return }
        deliverTo(model)
    }

    /// Ends the observation: no delivery after this one reaches the handler.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}

/// Rocket Data's consistency manager (`plivesey/ConsistencyManager-iOS`,
/// `ConsistencyManager/ConsistencyManager.swift`), as it runs. Every behaviour
/// that sets its costs is the manager's:
///
/// - All its work runs on one serial queue (an `OperationQueue` with
///   `maxConcurrentOperationCount = 1`): `updateModel`, `deleteModel` and
///   `addListener` only dispatch a task there and return.
/// - The listener map is string id → weak listeners (`listeners: [String:
///   WeakListenerArray]`), touched only on that queue. `addListener` walks
///   the listener's whole model and adds it under every id in it
///   (`addListener(_:recursivelyToChildModels:)`): each add copies the id's
///   array out of the map, scans it for the listener (`===`), appends and
///   stores it back.
/// - An update walks every node of the posted model
///   (`childrenAndListenersForModel`): each id's projections are compared by
///   `projectionIdentifier` when the id was met before, and the id's live
///   listeners are collected without duplicates by a full `reduce { $0 || $1
///   === listener }` over those collected. Dead entries are skipped and kept
///   ("We're not going to prune the listeners array because of performance
///   reasons"); a delete prunes its id's array (`deleteModel`: `prune()`),
///   and so does `cleanMemory`, every 300 seconds, which no round lasts.
/// - `updateListeners` reads every collected listener's current model in
///   one `DispatchQueue.main.sync`, even when there is none, and rebuilds
///   each on the queue (`updatedModelFromOriginalModel`): every node mapped
///   and rebuilt with its changed children, a changed node replaced by the
///   posted one when it differs (`isEqualToModel`), the old subtree walked
///   again for the ids that changed below it (`changedSubmodelIdsFromModel`),
///   the change sets unioned up the tree; the listener is then added to
///   every node of each replacement. The results go to the listeners in one
///   `DispatchQueue.main.async`, sent even when empty.
/// - Equal models short-circuit: a listener whose tree did not change is not
///   told.
///
/// Beyond the manager, for the suite's interface: a listener of a model not
/// there yet hears it arrive (the manager skips a listener whose current
/// model is nil).
final class ConsistencyManager: Sendable {
    private let queue: SerialWorker
    /// Touched on `queue`'s thread alone, which every access checks.
    private let listeners: ThreadBound<[String: [WeakListener]]>
    private let mainQueue: MainQueue
    /// Tasks dispatched and deliveries enqueued that have not finished.
    private let inFlight = WorkCount()
    /// Listener trees rebuilt, in all: what an update costs, counted.
    let rebuilds = Atomic<Int>(0)
    /// Listeners told of a change, in all.
    let deliveries = Atomic<Int>(0)
    /// Posted nodes whose id an update met before, so compared projections.
    let projectionChecks = Atomic<Int>(0)

    init(mainQueue: MainQueue) {
        self.mainQueue = mainQueue
        let inFlight = inFlight
        queue = SerialWorker(afterEach: { inFlight.finished(waking: mainQueue) })
        listeners = ThreadBound([:], boundTo: queue.thread)
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

    // MARK: Listening

    /// `addListener(_:)`: the listener's model, as the screen took it, is
    /// walked on the queue to list the listener under every id in it. A
    /// listener of a model not there yet is listed under that model's id.
    func addListener(_ listener: Listener, holding model: (any ListenedNode)?) {
        dispatch {
            if let model {
                self.listen(listener, recursively: model)
            } else {
                self.listen(listener, to: listener.rootID)
            }
        }
    }

    private func listen(_ listener: Listener, recursively model: any ListenedNode) {
        if let id = model.nodeID { listen(listener, to: id) }
        model.forEachChild { child in self.listen(listener, recursively: child) }
    }

    /// `addListener(_:toModel:)`: the id's array copied out of the map,
    /// scanned for a live entry that is the listener, appended to and
    /// stored back. A dead entry matches nothing, whatever its address was.
    private func listen(_ listener: Listener, to id: String) {
        var entries = listeners.value[id] ?? []
        let present = entries.contains { $0.listener === listener }
        guard !present else { return }
        entries.append(WeakListener(listener))
        listeners.value[id] = entries
    }

    // MARK: Updating

    /// `updateModel(_:)`: on the queue, every listener of a model in the
    /// posted tree has its tree rebuilt and handed over on the main thread.
    func update(_ posted: any ListenedNode) {
        dispatch {
            var updates: [String: NodeChange] = [:]
            var collected: [Listener] = []
            self.collect(posted, into: &updates, listeners: &collected)
            self.updateListeners(collected, with: updates)
        }
    }

    /// `deleteModel(_:)`: the id's listeners, pruned of dead entries, have
    /// the model removed from their trees.
    func delete(_ id: String) {
        dispatch {
            var live: [Listener] = []
            if var entries = self.listeners.value[id] {
                entries.removeAll { $0.listener == nil }
                live = entries.compactMap(\.listener)
                self.listeners.value[id] = entries
            }
            self.updateListeners(live, with: [id: .deleted])
        }
    }

    /// `childrenAndListenersForModel`: every node of the posted tree, its
    /// projections noted under its id and its id's live listeners collected.
    private func collect(
        _ model: any ListenedNode, into updates: inout [String: NodeChange], listeners collected: inout [Listener]
    ) {
        if let id = model.nodeID {
            let projections: [any ListenedNode]
            if case .updated(var current)? = updates[id] {
                projectionChecks.add(1, ordering: .relaxed)
                if !current.contains(where: { $0.projection == model.projection }) { current.append(model) }
                projections = current
            } else {
                projections = [model]
            }
            updates[id] = .updated(projections)
            for entry in listeners.value[id] ?? [] {
                guard let listener = entry.listener else { continue }
                let contains = collected.reduce(false) { $0 || $1 === listener }
                if !contains { collected.append(listener) }
            }
        }
        model.forEachChild { child in collect(child, into: &updates, listeners: &collected) }
    }

    /// `updateListeners`: one `main.sync` for the current models, every
    /// tree rebuilt here, one `main.async` for the results.
    private func updateListeners(_ affected: [Listener], with updates: [String: NodeChange]) {
        // A closure, not `\.current.value`: a key path through the bound
        // value's accessors is applied by the runtime, element by element.
        let current = mainQueue.runAndWait { affected.map { $0.current.value } }
        var results: [(listener: Listener, model: (any ListenedNode)?)] = []
        for (listener, model) in zip(affected, current) {
            guard let model else {
                // Not there when it listened: it hears the model arrive.
                if case .updated(let posted)? = updates[listener.rootID], let arrived = posted.last {
                    results.append((listener, arrived))
                }
                continue
            }
            rebuilds.add(1, ordering: .relaxed)
            let rebuilt = Self.rebuild(model, with: updates)
            guard !rebuilt.changes.isEmpty else { continue }
            // Listen to every model in the subtrees that were replaced, which
            // may hold children the listener had not heard of.
            for replacement in rebuilt.replacements { listen(listener, recursively: replacement) }
            results.append((listener, rebuilt.model))
        }
        inFlight.started()
        let handed = results
        mainQueue.enqueue {
            var told = 0
            for (listener, model) in handed {
                // The model must still be the one the result was built from.
                if let id = model?.nodeID, let currentID = listener.current.value?.nodeID, id != currentID { continue }
                listener.current.value = model
                listener.deliver(model)
                told += 1
            }
            self.deliveries.add(told, ordering: .relaxed)
            self.inFlight.finished(waking: self.mainQueue)
        }
    }

    /// How many entries, dead ones included, the listener map holds for
    /// `model`: what an update scans. Asked on the queue, behind the work
    /// queued before; the main thread serves its queue meanwhile. Call on the
    /// main thread.
    func entries(for model: ModelRef) -> Int {
        let id = model.nodeID
        let answer = LockedValue<Int?>(nil)
        dispatch {
            let count = self.listeners.value[id]?.count ?? 0
            answer.withLock { $0 = count }
        }
        mainQueue.serve(until: { answer.withLock { $0 } != nil })
        return answer.withLock { $0 } ?? 0
    }

    // MARK: Rebuilding a tree

    /// What a rebuild changed: `ModelUpdates`' two sets.
    struct Changes {
        var changed = Set<String>()
        var deleted = Set<String>()

        var isEmpty: Bool { changed.isEmpty && deleted.isEmpty }

        mutating func formUnion(_ other: Changes) {
            changed.formUnion(other.changed)
            deleted.formUnion(other.deleted)
        }
    }

    /// `updatedModelFromOriginalModel`: the tree with every node mapped, a
    /// posted node replacing its old one where it differs, a deleted one
    /// gone (nil for the root, or for a node whose required child went).
    static func rebuild(
        _ model: any ListenedNode, with updates: [String: NodeChange]
    ) -> (model: (any ListenedNode)?, changes: Changes, replacements: [any ListenedNode]) {
        if let id = model.nodeID, let change = updates[id] {
            switch change {
            case .updated(let projections):
                let merged = merge(model, projections)
                guard !merged.isEqual(to: model) else { return (model, Changes(), []) }
                var changes = Changes(changed: changedBelow(model, with: updates))
                changes.changed.insert(id)
                return (merged, changes, [merged])
            case .deleted:
                return (nil, Changes(deleted: [id]), [])
            }
        }
        var changes = Changes()
        var replacements: [any ListenedNode] = []
        let mapped = model.mapChildren { child in
            let rebuilt = rebuild(child, with: updates)
            changes.formUnion(rebuilt.changes)
            replacements.append(contentsOf: rebuilt.replacements)
            return rebuilt.model
        }
        if let id = model.nodeID {
            if mapped == nil {
                changes.deleted.insert(id)
            } else if !changes.isEmpty {
                changes.changed.insert(id)
            }
        }
        return (mapped, changes, replacements)
    }

    /// `changedSubmodelIdsFromModel`: the ids below `model` whose posted
    /// versions differ from the ones in it, each child's set unioned in.
    private static func changedBelow(_ model: any ListenedNode, with updates: [String: NodeChange]) -> Set<String> {
        var changed = Set<String>()
        model.forEachChild { child in
            if let id = child.nodeID, case .updated(let projections)? = updates[id],
                !merge(child, projections).isEqual(to: child)
            {
                changed.insert(id)
            }
            changed.formUnion(changedBelow(child, with: updates))
        }
        return changed
    }

    /// `mergedModelFromModel`: each projection merged in turn; without
    /// projections of their own, models merge by being replaced.
    private static func merge(_ model: any ListenedNode, _ projections: [any ListenedNode]) -> any ListenedNode {
        projections.reduce(model) { _, next in next }
    }
}

/// What an update posted for one id (`ModelChange`): its projections, or a delete.
enum NodeChange {
    case updated([any ListenedNode])
    case deleted
}

extension ModelRef {
    /// The id a listened tree gives this model (`ListenedNode.nodeID`).
    var nodeID: String {
        switch self {
        case .user(let id): "u" + String(id.rawValue)
        case .tag(let id): "t" + String(id.rawValue)
        case .note(let id): "n" + String(id.rawValue)
        case .message(let id): "m" + String(id.rawValue)
        }
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
