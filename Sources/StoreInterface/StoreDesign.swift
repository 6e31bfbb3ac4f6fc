/// What a store is, for the people reading its results: which design, from
/// which systems, and the contract it keeps.
public struct StoreDesign: Hashable, Sendable, Codable {
    /// A short, stable name for tables and the command line, "uniquing-main".
    public let name: String
    public let family: DesignFamily
    public let threading: StoreThreading
    /// One line: the design and the systems that build it this way.
    public let summary: String
    /// What a lookup of a held model is built from: its floor.
    public let lookup: Primitives
    /// What reading a note's row is built from: its floor.
    public let row: Primitives

    public init(
        name: String, family: DesignFamily, threading: StoreThreading, summary: String,
        lookup: Primitives, row: Primitives
    ) {
        self.name = name
        self.family = family
        self.threading = threading
        self.summary = summary
        self.lookup = lookup
        self.row = row
    }
}

/// The two families of design the suite compares.
public enum DesignFamily: String, Hashable, Sendable, Codable, CaseIterable {
    /// One live, mutable object per id, changed in place (uniquing).
    case liveObjects = "live objects"
    /// Immutable values, replaced on every change.
    case values = "immutable values"
}

/// Where a store may be used from.
public enum StoreThreading: String, Hashable, Sendable, Codable {
    /// Every method from any thread; observers run on the writing thread.
    case anyThread = "any thread"
    /// Handles belong to the main thread of the store's `MainQueue`: look
    /// models up, hold them and display them there only. Writes may come from
    /// any thread; their effect on the main thread's objects, and the
    /// observers, run on the main thread. Other threads read through
    /// `readRow(of:into:)`, the store's background path.
    case mainThread = "main thread"
}

/// The primitives an operation is made of, so the suite can measure what it
/// cannot beat and set the store's figure beside it.
public enum Primitives: String, Hashable, Sendable, Codable, CaseIterable {
    /// A lookup: a lock, a dictionary hit and a weak load.
    case lockedWeakLookup = "lock + dictionary hit + weak load"
    /// A lookup: a dictionary hit and a weak load, no lock (one thread owns the table).
    case weakLookup = "dictionary hit + weak load"
    /// A lookup: a lock, a dictionary hit and a copy of a note value with its author and tags.
    case lockedValueLookup = "lock + dictionary hit + note value copy"
    /// A lookup: a lock, a dictionary hit and a copy of a flat note (ids, no embedded models).
    case lockedFlatLookup = "lock + dictionary hit + flat note copy"
    /// A row: the note's, its author's and its tags' fields, each object under its own lock.
    case lockedObjectsRow = "5 objects' fields, each under its lock"
    /// A row: the same fields read through plain references.
    case objectsRow = "5 objects' fields through references"
    /// A row: the same fields from objects whose reads are tracked by Observation.
    case observableObjectsRow = "5 @Observable objects' fields"
    /// A row: the fields of a value in hand.
    case valueRow = "fields of a value in hand"
    /// A row: a flat note's fields, its author and tags joined through the cache under a lock.
    case joinedRow = "flat note + author and tags joined under a lock"
}
