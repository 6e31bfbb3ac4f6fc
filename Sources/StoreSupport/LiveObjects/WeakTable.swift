import StoreInterface

/// A map from key to a *weak* reference: Linux has no `NSMapTable`, so the
/// uniquing stores bring their own.
///
/// An entry does not keep its object alive. When the object dies the entry
/// stays, dead, until a lookup of the same key reuses it or a sweep removes
/// it; `policy` says when sweeps happen. Not thread-safe: the owning store
/// guards it.
public struct WeakTable<Key: Hashable, Object: AnyObject> {
    @usableFromInline var entries: [Key: WeakReference<Object>] = [:]
    @usableFromInline let policy: PurgePolicy
    @usableFromInline var insertionsSinceSweep = 0
    /// Entries left after the last sweep (the baseline for `.onDoubling`).
    @usableFromInline var sizeAfterSweep = 0
    /// Dead entries removed by sweeps, in total.
    public private(set) var purged = 0

    public init(policy: PurgePolicy) {
        self.policy = policy
    }

    /// Entries, dead ones included.
    public var count: Int { entries.count }

    /// Entries whose object is alive. O(n): loads every weak reference.
    @usableFromInline var liveCount: Int { entries.values.reduce(0) { $1.object == nil ? $0 : $0 + 1 } }

    /// The live object for `key`: a hash lookup and a weak load.
    @inlinable
    public func object(for key: Key) -> Object? {
        entries[key]?.object
    }

    /// Makes `object` the one for `key`, reusing a dead entry if there is one.
    @inlinable
    public mutating func insert(_ object: Object, for key: Key) {
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

    @usableFromInline mutating func removeValue(for key: Key) {
        entries.removeValue(forKey: key)
    }

    /// Removes every dead entry; returns how many.
    @discardableResult
    public mutating func sweep() -> Int {
        let dead = entries.compactMap { $0.value.object == nil ? $0.key : nil }
        for key in dead { entries.removeValue(forKey: key) }
        purged += dead.count
        insertionsSinceSweep = 0
        sizeAfterSweep = entries.count
        return dead.count
    }
}

/// A weak reference stored inline in a dictionary value: no box allocation.
@usableFromInline
struct WeakReference<Object: AnyObject> {
    @usableFromInline weak var object: Object?

    @inlinable
    init(_ object: Object) {
        self.object = object
    }
}
