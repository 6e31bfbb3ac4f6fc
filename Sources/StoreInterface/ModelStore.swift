import ModelGraph

/// An in-memory model layer: what an app does with users, tags, notes and
/// messages, whatever the design underneath.
///
/// Screens look models up and hold what they get (`UserHandle` and friends:
/// a live object in one design, a snapshot value in another), display rows
/// from what they hold, and observe the ids they show. Sync code merges
/// partial server payloads; UI code applies local edits and deletes.
///
/// Where each method may be called is the store's threading contract,
/// `design.threading`: from any thread, or, for a store whose live objects
/// belong to the main thread, handles on the main thread only and other
/// threads through `readRow(of:into:)`. Writes may always come from any
/// thread. Observers are called in the order of the writes that caused them,
/// with no store lock held: on the writing thread, or on the main thread for
/// a main-confined store.
///
/// Generic code over this protocol is specialized per store: the benchmark
/// driver never calls a store through an existential.
public protocol ModelStore: AnyObject, Sendable {
    /// What a screen holds for a user.
    associatedtype UserHandle: Sendable
    /// What a screen holds for a tag.
    associatedtype TagHandle: Sendable
    /// What a screen holds for a note.
    associatedtype NoteHandle: Sendable
    /// What a screen holds for a message.
    associatedtype MessageHandle: Sendable
    /// The primitives its lookup and row are built from, measured beside them.
    associatedtype Floor: StoreFloor where Floor.Store == Self

    /// The design, its family and its threading contract.
    static var design: StoreDesign { get }

    init(configuration: StoreConfiguration)

    // MARK: Writing

    /// Inserts new models and merges partial payloads into known ones, the
    /// batch's users first, then tags, notes and messages.
    ///
    /// Absent fields keep their cached values; an explicit null clears an
    /// optional field. A batch that throws changes nothing.
    @discardableResult
    func merge(_ batch: PayloadBatch) throws(MergeError) -> ChangeSummary

    /// Applies a change to one model exactly as `merge` would.
    @discardableResult
    func apply(_ patch: ModelPatch) throws(MergeError) -> ChangeSummary

    /// Deletes a model and cascades: a user takes the notes and messages it
    /// authored and leaves the participant lists it was on; a tag leaves the
    /// notes it labels; a message takes its replies and leaves its parent's
    /// replies. Deleting an unknown model does nothing.
    @discardableResult
    func delete(_ model: ModelRef) -> ChangeSummary

    // MARK: Reading

    func user(_ id: UserID) -> UserHandle?
    func tag(_ id: TagID) -> TagHandle?
    func note(_ id: NoteID) -> NoteHandle?
    func message(_ id: MessageID) -> MessageHandle?

    /// Sends the fields a row shows to `sink`, in `RowLayout` order.
    func display<Sink: RowSink>(_ user: UserHandle, into sink: inout Sink)
    func display<Sink: RowSink>(_ tag: TagHandle, into sink: inout Sink)
    func display<Sink: RowSink>(_ note: NoteHandle, into sink: inout Sink)
    func display<Sink: RowSink>(_ message: MessageHandle, into sink: inout Sink)
    /// Sends the rows a conversation screen shows for a held message: its
    /// own row, then the thread below each of its replies in order, depth first.
    func display<Sink: RowSink>(thread message: MessageHandle, into sink: inout Sink)

    /// Sends the row of the model with `id` to `sink`, from any thread,
    /// without handing out a handle; returns false when there is no such
    /// model. For a store whose handles belong to the main thread this is its
    /// background path (a background context's fetch); otherwise a lookup
    /// and `display`.
    func readRow<Sink: RowSink>(of model: ModelRef, into sink: inout Sink) -> Bool

    // MARK: Observing

    /// Calls `handler` on every change to the user until the token goes away.
    /// The model need not exist yet: its insertion is a change.
    func observe(_ id: UserID, _ handler: @escaping @Sendable (ModelChange<UserHandle>) -> Void) -> ObservationToken
    func observe(_ id: TagID, _ handler: @escaping @Sendable (ModelChange<TagHandle>) -> Void) -> ObservationToken
    func observe(_ id: NoteID, _ handler: @escaping @Sendable (ModelChange<NoteHandle>) -> Void) -> ObservationToken
    func observe(
        _ id: MessageID, _ handler: @escaping @Sendable (ModelChange<MessageHandle>) -> Void
    ) -> ObservationToken

    /// On the main thread: returns once every change written so far has
    /// reached its observers, serving the main queue as often as the store
    /// needs (a store that delivers there later). What a screen waits for
    /// after a write. Returns the handler calls it delivered that no write's
    /// `ChangeSummary` counted (a store that learns of them only when they
    /// are delivered).
    @discardableResult
    func settle() -> Int

    // MARK: Housekeeping

    /// Removes weak-table entries whose objects have died; returns how many.
    /// A store without a weak table returns 0.
    @discardableResult
    func purge() -> Int

    /// What the store holds right now.
    var counts: StoreCounts { get }

    /// Every model the store knows, as values. For tests and checks, not for
    /// hot paths: it copies the whole graph.
    func exportState() -> GraphState
}

extension ModelStore {
    /// A store whose observers have run when a write returns has nothing to wait for.
    @discardableResult
    public func settle() -> Int { 0 }

    /// A lookup and a display: the background path of a store that may be
    /// used from any thread.
    public func readRow<Sink: RowSink>(of model: ModelRef, into sink: inout Sink) -> Bool {
        lookUpAndDisplay(model, into: &sink)
    }

    /// Looks `model` up and displays the handle; false when there is none.
    public func lookUpAndDisplay<Sink: RowSink>(_ model: ModelRef, into sink: inout Sink) -> Bool {
        switch model {
        case .user(let id): return user(id).map { display($0, into: &sink) } != nil
        case .tag(let id): return tag(id).map { display($0, into: &sink) } != nil
        case .note(let id): return note(id).map { display($0, into: &sink) } != nil
        case .message(let id): return message(id).map { display($0, into: &sink) } != nil
        }
    }
}
