import ModelGraph
import StoreInterface
import StoreSupport

/// `snapshot-flat`: GitHawk's FlatCache (`GitHawkApp/FlatCache`,
/// `FlatCache/FlatCache.swift`): immutable values flat under their ids,
/// per-id listeners, used from the main thread only and locked nowhere.
///
/// What sets its costs, and where FlatCache does the same:
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
///   refers to its children by id; a row joins the note's author and tags
///   through the cache when displayed, so it shows the current children (a
///   store access, counted as store work on the main thread).
/// - Listeners per id, called synchronously on the main thread by the write
///   (`enumerateListeners(key:)` in `set`). The registry's observers are weak
///   in FlatCache (`NSHashTable.weakObjects()`); here a screen's token ends
///   its observation.
/// - Merging partial payloads into the cached superset is Pinterest's
///   ("we'll merge the fields of the server response and the properties of
///   the existing model into a brand new model object": Wendy Lu, “Immutable
///   models and data consistency in our iOS App”, 2016), which every store
///   here does through the shared write pipeline; FlatCache's `set` replaces
///   the value whole.
public final class SnapshotFlatStore: CoreBackedStore, @unchecked Sendable {
    // @unchecked: every access to `core` runs on `mainQueue`'s main thread.
    public let core: StoreCore<FlatTables>
    let mainQueue: MainQueue

    public static let design = StoreDesign(
        name: "snapshot-flat", family: .values, threading: .mainThread,
        summary: "immutable values flat under their ids, children by id, a row joined through the cache when "
            + "displayed, listeners per id; main thread only and no lock, writes from other threads hop there "
            + "(GitHawk's FlatCache)",
        modelledOn: "GitHawk's FlatCache (GitHawkApp/FlatCache, FlatCache/FlatCache.swift: a storage dictionary, "
            + "weak listeners per key, assert(Thread.isMainThread) in every get, set and add(listener:)); values "
            + "changed by new copies (Ryan Nystrom, “Immutable Model Mutability”)",
        rowsReadTheStore: true)

    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        mainQueue = configuration.mainQueue
        core = StoreCore(FlatTables(), confinedTo: configuration.mainQueue)
    }

    // MARK: Writes and the background path hop to the main thread

    @discardableResult
    public func merge(_ batch: PayloadBatch) throws(MergeError) -> ChangeSummary {
        let core = core
        return try mainQueue.runAndWait { () throws(MergeError) in try core.merge(batch) }
    }

    @discardableResult
    public func apply(_ patch: ModelPatch) throws(MergeError) -> ChangeSummary {
        let core = core
        return try mainQueue.runAndWait { () throws(MergeError) in try core.apply(patch) }
    }

    @discardableResult
    public func delete(_ model: ModelRef) -> ChangeSummary {
        let core = core
        return mainQueue.runAndWait { core.delete(model) }
    }

    public func readRow<Sink: RowSink>(of model: ModelRef, into sink: inout Sink) -> Bool {
        guard !mainQueue.isMainThread else { return lookUpAndDisplay(model, into: &sink) }
        let core = core
        return withUnsafeMutablePointer(to: &sink) { target in
            let pointer = UnsafeSink(target)
            return mainQueue.runAndWait { core.read { $0.records.displayRow(of: model, into: &pointer.target.pointee) } }
        }
    }

    public var counts: StoreCounts {
        mainQueue.runAndWait { [self] in coreCounts }
    }

    public func exportState() -> GraphState {
        let core = core
        return mainQueue.runAndWait { core.read { $0.exportState() } }
    }
}

/// A row sink handed to the main thread while its owner waits: the wait
/// orders every access.
private struct UnsafeSink<Sink>: @unchecked Sendable {
    let target: UnsafeMutablePointer<Sink>
    init(_ target: UnsafeMutablePointer<Sink>) { self.target = target }
}

/// The records, as the cache keeps them. Guarded by the store's lock.
public struct FlatTables: RecordTables, ValueTables {
    public typealias UserHandle = User
    public typealias TagHandle = Tag
    public typealias NoteHandle = FlatNote
    public typealias MessageHandle = FlatMessage

    public var records = NormalizedRecords()

    // Each value as it stands in the cache. Nothing else: a write changes
    // only the records, and tells exactly the models whose records changed.
    // Inlinable so a lookup loads the one dictionary it reads, not all the
    // tables as an argument.
    @inlinable public func value(_ id: UserID) -> User? { records.user(id) }
    @inlinable public func value(_ id: TagID) -> Tag? { records.tag(id) }
    @inlinable public func value(_ id: NoteID) -> FlatNote? { records.notes[id].map { FlatNote(id: id, record: $0) } }
    @inlinable public func value(_ id: MessageID) -> FlatMessage? { records.messages[id].map { FlatMessage(id: id, record: $0) } }
}
