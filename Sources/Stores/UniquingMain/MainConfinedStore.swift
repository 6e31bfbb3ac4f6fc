import Instrumentation
import ModelGraph
import StoreInterface
import StoreSupport

/// `uniquing-main` (and, on `@Observable` objects, `uniquing-observable`):
/// one live object per id, found through weak tables, confined to the main
/// thread as Vesper's model objects and Core Data's main-queue context are.
///
/// The store keeps every model's record behind its lock, and live objects
/// that only the main thread touches: a lookup there is a weak-table hit
/// with no lock, and a row reads plain stored properties. A write made on
/// the main thread changes the records and the held objects at once and
/// tells observers. A write made on another thread is that thread's work
/// (decoding, validation, the merge into the records: the background
/// context) and queues, in write order, what the main thread must do: bring
/// the held objects up to date from the records and tell observers (Core
/// Data merging a background context's did-save into the main context).
/// Until the main thread drains its queue, its objects show what they showed.
///
/// Observers run on the main thread. Other threads read rows through
/// `readRow(of:into:)`, from the records under the lock.
///
/// What sets its costs, and where the systems do the same:
/// - One object per id through a weak table: Vesper's "Objects are uniqued
///   and cached in an NSMapTable with weak references ... any other place
///   with a reference will get the change, since it's the same object"
///   (Brent Simmons, “Immutable Model Objects”, 2014). Linux has no
///   `NSMapTable`: `WeakTable`.
/// - Main thread only, no lock on a lookup or a row: Vesper's sync merging
///   ran "on the main thread queue" (the same post), as a Core Data main-queue
///   context's objects belong to the main queue.
/// - A write from another thread is decoded and merged there and the
///   objects refreshed on the main thread: Krush's background context
///   ("在后台线程，我们执行JSON解析，并在后台上下文中形成用户和其他对象之间的关系。最后，保存后台上下文，
///   这会出发一个通知去把后台上下问的改变合并到主上下文中": Teehan+Lax, “Krush iOS
///   Architecture”, in a Chinese translation).
public final class MainConfinedStore<Objects: MainObjectKinds>: CoreBackedStore, Sendable {
    public let core: StoreCore<MainRecords<Objects>>
    /// The live objects, which trap when touched off the main thread.
    let objects: ThreadBound<MainObjects<Objects>>
    let mainQueue: MainQueue

    public static var design: StoreDesign { Objects.design }

    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        mainQueue = configuration.mainQueue
        objects = ThreadBound(
            MainObjects(tables: LiveObjectTables(purgePolicy: configuration.purgePolicy, context: ())), on: mainQueue)
        core = StoreCore(MainRecords(objects: objects, mainQueue: mainQueue))
        core.withTables { $0.store = self }
    }

    // MARK: On the main thread

    public func user(_ id: UserID) -> Objects.User? {
        return objects.value.tables.held(id) ?? core.withTables { $0.handle(id) }
    }

    public func tag(_ id: TagID) -> Objects.Tag? {
        return objects.value.tables.held(id) ?? core.withTables { $0.handle(id) }
    }

    /// A weak-table hit with no lock; on a miss the object is built from
    /// the records, under the lock.
    public func note(_ id: NoteID) -> Objects.Note? {
        if let object = objects.value.tables.held(id) { return object }
        return core.withTables { $0.handle(id) }
    }

    public func message(_ id: MessageID) -> Objects.Message? {
        if let object = objects.value.tables.held(id) { return object }
        return core.withTables { $0.handle(id) }
    }

    /// What writes from other threads left for the main thread; their
    /// summaries counted the handler calls already.
    @discardableResult
    public func settle() -> Int {
        mainQueue.drain()
        return 0
    }

    @discardableResult
    public func purge() -> Int {
        return core.withTables { _ in objects.value.tables.sweep() }
    }

    /// What a write from another thread left for the main thread: its held
    /// objects brought up to date from the records, and its observers told.
    func applyOnMain(_ changes: RecordChanges) {
        core.announce { (tables, pending) in
            objects.value.refresh(changes, from: tables.records)
            tables.announce(changes, into: &pending)
        }
    }
}

/// The objects of a main-confined store, which only the main thread touches
/// (`ThreadBound`).
struct MainObjects<Objects: MainObjectKinds> {
    var tables: LiveObjectTables<Objects>
    /// Held objects changed on the main thread by writes.
    var refreshedOnMain = 0

    /// Brings the held objects up to date with `changes`.
    mutating func refresh(_ changes: RecordChanges, from records: NormalizedRecords) {
        refreshedOnMain += tables.refresh(changes, from: records)
    }
}

/// The records, behind the store's lock, and the way to the main thread's
/// objects.
public struct MainRecords<Objects: MainObjectKinds>: RecordTables {
    public typealias UserHandle = Objects.User
    public typealias TagHandle = Objects.Tag
    public typealias NoteHandle = Objects.Note
    public typealias MessageHandle = Objects.Message

    public var records = NormalizedRecords()
    let objects: ThreadBound<MainObjects<Objects>>
    let mainQueue: MainQueue
    weak var store: MainConfinedStore<Objects>?

    init(objects: ThreadBound<MainObjects<Objects>>, mainQueue: MainQueue) {
        self.objects = objects
        self.mainQueue = mainQueue
    }

    /// On the main thread the held objects change now; elsewhere the change
    /// is queued for the main thread, under the lock, so the queue keeps the
    /// order of the writes.
    public mutating func commit(_ write: inout RecordChanges) {
        guard mainQueue.isMainThread else {
            let changes = write
            mainQueue.enqueue { [weak store] in store?.applyOnMain(changes) }
            return
        }
        objects.value.refresh(write, from: records)
    }

    /// Observers hear from the main thread: now, or when it applies the write.
    public mutating func schedule(_ write: RecordChanges, into pending: inout PendingNotifications<Changes>) {
        guard mainQueue.isMainThread else { return }
        announce(write, into: &pending)
    }

    // The live object, built from the records when nobody holds it. Main
    // thread only, like the objects.
    public mutating func handle(_ id: UserID) -> Objects.User? { objects.value.tables.user(id, in: records) }
    public mutating func handle(_ id: TagID) -> Objects.Tag? { objects.value.tables.tag(id, in: records) }
    public mutating func handle(_ id: NoteID) -> Objects.Note? { objects.value.tables.note(id, in: records) }
    public mutating func handle(_ id: MessageID) -> Objects.Message? { objects.value.tables.message(id, in: records) }

    public func count(into counts: inout StoreCounts) {
        objects.value.tables.count(into: &counts)
        counts.refreshedOnMain = objects.value.refreshedOnMain
    }
}
