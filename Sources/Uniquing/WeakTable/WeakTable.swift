import StoreInterface

/// A map from key to a *weak* reference: Linux has no `NSMapTable`, so the
/// uniquing store brings its own.
///
/// An entry does not keep its object alive. When the object dies the entry
/// stays, dead, until a lookup of the same key reuses it or a sweep removes
/// it; `policy` says when sweeps happen. Not thread-safe: the owning store
/// guards it with its lock.
struct WeakTable<Key: Hashable, Object: AnyObject> {
    private var entries: [Key: WeakReference<Object>] = [:]
    private let policy: PurgePolicy
    private var insertionsSinceSweep = 0
    /// Entries left after the last sweep (the baseline for `.onDoubling`).
    private var sizeAfterSweep = 0
    /// Dead entries removed by sweeps, in total.
    private(set) var purged = 0

    init(policy: PurgePolicy) {
        self.policy = policy
    }

    /// Entries, dead ones included.
    var count: Int { entries.count }

    /// Entries whose object is alive. O(n): loads every weak reference.
    var liveCount: Int { entries.values.reduce(0) { $1.object == nil ? $0 : $0 + 1 } }

    /// The live object for `key`: a hash lookup and a weak load.
    func object(for key: Key) -> Object? {
        entries[key]?.object
    }

    /// Makes `object` the one for `key`, reusing a dead entry if there is one.
    mutating func insert(_ object: Object, for key: Key) {
        if let slot = entries.index(forKey: key) {
            entries.values[slot].object = object
            return
        }
        entries[key] = WeakReference(object)
        insertionsSinceSweep += 1
        switch policy {
        case .manual:
            break
        case .every(let insertions):
            if insertionsSinceSweep >= insertions { sweep() }
        case .onDoubling:
            if entries.count >= max(64, 2 * sizeAfterSweep) { sweep() }
        }
    }

    mutating func removeValue(for key: Key) {
        entries.removeValue(forKey: key)
    }

    /// Removes every dead entry; returns how many.
    @discardableResult
    mutating func sweep() -> Int {
        let dead = entries.compactMap { $0.value.object == nil ? $0.key : nil }
        for key in dead { entries.removeValue(forKey: key) }
        purged += dead.count
        insertionsSinceSweep = 0
        sizeAfterSweep = entries.count
        return dead.count
    }
}

/// A weak reference stored inline in a dictionary value: no box allocation.
struct WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
