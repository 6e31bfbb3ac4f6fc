import Instrumentation
import ModelGraph
import Observation
import StoreInterface

/// The data the floors run on, built once: tables of `entries` models with
/// random keys for lookups, and one page of note rows (as feed-read's K) in
/// every representation a store can read a row from.
final class FloorFixture: @unchecked Sendable {
    // @unchecked: built once, then only read (and locked) from the measuring thread.
    static let page = 50
    let lock = InstrumentedLock(site: .storeState)
    let locks = StripedLocks(count: 1024, site: .modelFields)
    let keys: [Int]
    let mask: Int

    // Single primitives.
    let plain: [Shared]
    let weaklyHeld: [Shared]
    let objects: [Int: Shared]
    let weakRows: [WeakBox]

    // Lookups.
    let weakTable: [Int: WeakBox]
    /// Entries a main-confined table could keep instead of weak references:
    /// unowned, each removed by its object's deinit (on the one thread).
    let unownedTable: [Int: UnownedBox]
    let noteTable: [Int: Note]
    let flatTable: [Int: FlatNote]

    // One page of rows in each representation.
    let notes: [Note]
    let lockedRows: [[Shared]]
    let plainRows: [PlainNote]
    /// The same rows with no weak reference to them anywhere: no side tables.
    let unreferencedRows: [PlainNote]
    let observableRows: [ObservableNote]
    let flatRows: [FlatNote]
    let users: [UserID: User]
    let tags: [TagID: Tag]
    /// Weak references to the row objects, as a uniquing store's table holds:
    /// an object with a side table pays more for every retain.
    private let weakRowObjects: [AnyWeak]

    init(entries: Int) {
        var random = SeededRandom(seed: 0xF1002)
        let keyCount = 1 << 16
        keys = (0..<keyCount).map { _ in random.below(entries) }
        mask = keyCount - 1
        weaklyHeld = (0..<entries).map { Shared($0) }
        plain = (0..<entries).map { Shared($0) }
        objects = Dictionary(uniqueKeysWithValues: plain.enumerated().map { ($0.offset, $0.element) })
        weakRows = weaklyHeld.map { WeakBox($0) }
        weakTable = Dictionary(uniqueKeysWithValues: weakRows.enumerated().map { ($0.offset, $0.element) })
        unownedTable = Dictionary(uniqueKeysWithValues: plain.enumerated().map { ($0.offset, UnownedBox($0.element)) })

        let graph = try! GeneratedGraph(shape: .app(models: max(20, entries * 2)), seed: 0xF1003)
        let state = graph.state
        let allNotes = graph.noteIDs.prefix(entries).map { state.notes[$0]! }
        noteTable = Dictionary(uniqueKeysWithValues: allNotes.enumerated().map { ($0.offset, $0.element) })
        flatTable = Dictionary(uniqueKeysWithValues: allNotes.enumerated().map { ($0.offset, FlatNote($0.element)) })
        users = state.users
        tags = state.tags

        notes = Array(allNotes.prefix(Self.page))
        flatRows = notes.map(FlatNote.init)
        let list = weaklyHeld
        lockedRows = (0..<notes.count).map { row in (0..<5).map { list[(row * 5 + $0) % list.count] } }
        for object in weaklyHeld { object.stripe = locks.stripe(for: object.number) }
        plainRows = notes.map { note in
            PlainNote(note, author: PlainUser(note.author), tags: note.tags.map(PlainTag.init))
        }
        unreferencedRows = notes.map { note in
            PlainNote(note, author: PlainUser(note.author), tags: note.tags.map(PlainTag.init))
        }
        observableRows = notes.map { note in
            ObservableNote(note, author: ObservableUser(note.author), tags: note.tags.map(ObservableTag.init))
        }
        weakRowObjects = plainRows.flatMap { row in [AnyWeak(row), AnyWeak(row.author)] + row.tags.map(AnyWeak.init) }
            + observableRows.flatMap { row in [AnyWeak(row), AnyWeak(row.author)] + row.tags.map(AnyWeak.init) }
    }

    /// One operation of `primitives`: a lookup of a random key, or a row of
    /// the page (rows cycle through it, as a frame re-reads its rows). A row
    /// is read through a call the optimizer cannot see into, as a store's
    /// `display` is: what it reads from mutable objects must then be
    /// retained across the calls into the sink.
    func run<Sink: RowSink>(_ primitives: Primitives, _ index: Int, into sink: inout Sink) {
        let key = keys[index & mask]
        let row = index % Self.page
        switch primitives {
        case .lockedWeakLookup:
            consumeValue(lock.withLock { weakTable[key]?.object })
        case .weakLookup:
            consumeValue(weakTable[key]?.object)
        case .lockedValueLookup:
            consumeValue(lock.withLock { noteTable[key] })
        case .lockedFlatLookup:
            consumeValue(lock.withLock { flatTable[key] })
        case .lockedObjectsRow:
            for object in lockedRows[row] {
                locks.withLock(stripe: object.stripe) { sink.text(object.text) }
            }
        case .objectsRow:
            Self.display(plainRows[row], into: &sink)
        case .observableObjectsRow:
            Self.display(observableRows[row], into: &sink)
        case .valueRow:
            Self.display(notes[row], into: &sink)
        case .joinedRow:
            display(flatRows[row], into: &sink)
        }
    }

    /// The same row from objects nobody refers to weakly: what a row of a
    /// table whose entries a deinit removes would cost.
    func unreferencedRow<Sink: RowSink>(_ index: Int, into sink: inout Sink) {
        Self.display(unreferencedRows[index % Self.page], into: &sink)
    }

    /// A dictionary hit and an unowned load: a lookup in a table whose
    /// entries a deinit removes, with no weak reference.
    func unownedLookup(_ index: Int) {
        consumeValue(unownedTable[keys[index & mask]]?.object)
    }

    @inline(never)
    static func display<Sink: RowSink>(_ note: PlainNote, into sink: inout Sink) {
        sink.text(note.title)
        sink.text(note.author.name)
        for tag in note.tags { sink.text(tag.name) }
        sink.flag(note.isPinned)
        sink.number(note.updatedAt)
    }

    @inline(never)
    static func display<Sink: RowSink>(_ note: ObservableNote, into sink: inout Sink) {
        sink.text(note.title)
        sink.text(note.author.name)
        for tag in note.tags { sink.text(tag.name) }
        sink.flag(note.isPinned)
        sink.number(note.updatedAt)
    }

    @inline(never)
    static func display<Sink: RowSink>(_ note: Note, into sink: inout Sink) {
        RowLayout.display(note, into: &sink)
    }

    @inline(never)
    func display<Sink: RowSink>(_ note: FlatNote, into sink: inout Sink) {
        sink.text(note.title)
        lock.withLock {
            sink.text(users[note.author]!.attributes.name)
            for tag in note.tags { sink.text(tags[tag]!.attributes.name) }
        }
        sink.flag(note.isPinned)
        sink.number(note.updatedAt)
    }

    final class Shared: @unchecked Sendable {
        let number: Int
        var text: String
        var stripe = 0

        init(_ number: Int) {
            self.number = number
            self.text = "a string long enough to live on the heap \(number)"
        }
    }

    /// Somewhere to store a strong reference.
    final class Slot: @unchecked Sendable {
        var object: Shared?
    }

    final class Tiny {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    struct WeakBox {
        weak var object: Shared?
        init(_ object: Shared) { self.object = object }
    }

    struct UnownedBox {
        unowned(unsafe) let object: Shared
        init(_ object: Shared) { self.object = object }
    }

    struct AnyWeak {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// A note as a flat value: its fields and its relationships by id.
    struct FlatNote {
        let title: String
        let isPinned: Bool
        let updatedAt: Int64
        let author: UserID
        let tags: [TagID]

        init(_ note: Note) {
            title = note.attributes.title
            isPinned = note.attributes.isPinned
            updatedAt = note.attributes.updatedAt
            author = note.author.id
            tags = note.tags.map(\.id)
        }
    }

    final class PlainUser {
        var name: String
        init(_ user: User) { name = user.attributes.name }
    }

    final class PlainTag {
        var name: String
        init(_ tag: Tag) { name = tag.attributes.name }
    }

    final class PlainNote {
        var title: String
        var isPinned: Bool
        var updatedAt: Int64
        var author: PlainUser
        var tags: [PlainTag]

        init(_ note: Note, author: PlainUser, tags: [PlainTag]) {
            title = note.attributes.title
            isPinned = note.attributes.isPinned
            updatedAt = note.attributes.updatedAt
            self.author = author
            self.tags = tags
        }
    }

    @Observable final class ObservableUser {
        var name: String
        init(_ user: User) { name = user.attributes.name }
    }

    @Observable final class ObservableTag {
        var name: String
        init(_ tag: Tag) { name = tag.attributes.name }
    }

    @Observable final class ObservableNote {
        var title: String
        var isPinned: Bool
        var updatedAt: Int64
        var author: ObservableUser
        var tags: [ObservableTag]

        init(_ note: Note, author: ObservableUser, tags: [ObservableTag]) {
            title = note.attributes.title
            isPinned = note.attributes.isPinned
            updatedAt = note.attributes.updatedAt
            self.author = author
            self.tags = tags
        }
    }
}
