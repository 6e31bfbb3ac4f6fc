/// A value FlatCache can hold: found under its type's name and its id.
///
/// FlatCache (`GitHawkApp/FlatCache`, `FlatCache/FlatCache.swift`) keys every
/// value by `FlatCacheKey(typeName: Self.typeName, id: id)`, where
/// `typeName` is `String(describing: self)`, computed on every `get`, `set`
/// and `add(listener:value:)`: what a lookup costs there, it costs here.
public protocol FlatCachable: Sendable {
    /// The value's id as FlatCache's `Identifiable` takes it, a string.
    var cacheID: String { get }
}

extension FlatCachable {
    /// `String(describing: self)`, as FlatCache's `Cachable.typeName`.
    @inlinable
    public static var typeName: String { String(describing: self) }

    @inlinable
    var cacheKey: FlatCacheKey { FlatCacheKey(typeName: Self.typeName, id: cacheID) }
}

/// FlatCache's key: the value's type name and its id, both strings.
public struct FlatCacheKey: Hashable, Sendable {
    public let typeName: String
    public let id: String

    @inlinable
    public init(typeName: String, id: String) {
        self.typeName = typeName
        self.id = id
    }
}

/// What FlatCache tells a listener (`FlatCache.Update`), plus what the
/// suite's interface needs and FlatCache has no call for: a model removed.
public enum FlatCacheUpdate: Sendable {
    /// The new value, as `Any`: `.item(value)`, boxed anew for each listener.
    case item(any Sendable)
    /// The model was deleted (FlatCache never removes a value but by `clear()`).
    case removed
}

/// An object told of a key's changes: FlatCache's `FlatCacheListener`.
public protocol FlatCacheListener: AnyObject, Sendable {
    func flatCacheDidUpdate(_ update: FlatCacheUpdate)
}

/// GitHawk's FlatCache as it runs: values as `Any` under string keys, weak
/// listeners per key, on the main thread only and locked nowhere.
///
/// - `storage: [FlatCacheKey: Any]`: a `get` builds the key from the type's
///   name and the id, hashes both strings, and casts the `Any` back
///   (`storage[key] as? T`); a `set` builds the key and boxes the value.
/// - `listeners: [FlatCacheKey: NSHashTable<AnyObject>]` of weak objects;
///   `set(value:)` enumerates the key's table and casts every entry
///   (`object as? FlatCacheListener`) before telling it `.item(value)`.
///   Linux has no `NSHashTable`: `WeakObjectTable` stands in for
///   `weakObjects()`.
/// - Listeners are told after the write's values are all stored (as
///   `set(values:)` tells them), by the store, outside the write.
///
/// Not `Sendable`: it lives in its store's core, which checks on every
/// access that it runs on the main thread, where FlatCache asserts it runs.
public final class FlatCache {
    @usableFromInline var storage: [FlatCacheKey: Any] = [:]
    @usableFromInline var listeners: [FlatCacheKey: WeakObjectTable] = [:]
    /// Listener calls the writes so far owe, in order: taken by the store.
    @usableFromInline var owed: [(listener: any FlatCacheListener, update: FlatCacheUpdate)] = []

    public init() {}

    /// `get(id:)`: the value of type `T` under `id`.
    /// - Complexity: O(1), after the type's name is computed.
    @inlinable
    public func get<T: FlatCachable>(_ type: T.Type, id: String) -> T? {
        storage[FlatCacheKey(typeName: T.typeName, id: id)] as? T
    }

    /// `set(value:)`: stores the value and owes each of its key's listeners
    /// the news.
    @inlinable
    public func set<T: FlatCachable>(_ value: T) {
        store(value)
        announce(value)
    }

    /// Removes the value of type `T` under `id` and owes its listeners the news.
    @inlinable
    public func remove<T: FlatCachable>(_ type: T.Type, id: String) {
        discard(T.self, id: id)
        announceRemoval(T.self, id: id)
    }

    // A write stores every value it changes before it tells anyone, as
    // `set(values:)` stores them all and then enumerates each key's
    // listeners: `set` and `remove` split in two, so that a model a write
    // changes twice is told once.

    /// What `set(value:)` does to `storage`: the value boxed under its key.
    @inlinable
    public func store<T: FlatCachable>(_ value: T) {
        storage[value.cacheKey] = value
    }

    /// What `remove` does to `storage`.
    @inlinable
    public func discard<T: FlatCachable>(_ type: T.Type, id: String) {
        storage[FlatCacheKey(typeName: T.typeName, id: id)] = nil
    }

    /// What `set(value:)` owes the value's listeners, once it is stored.
    @inlinable
    public func announce<T: FlatCachable>(_ value: T) {
        tellListeners(of: value.cacheKey, .item(value))
    }

    /// What `remove` owes the listeners of the key it emptied.
    @inlinable
    public func announceRemoval<T: FlatCachable>(_ type: T.Type, id: String) {
        tellListeners(of: FlatCacheKey(typeName: T.typeName, id: id), .removed)
    }

    /// Whether a value of type `T` is stored under `id`.
    @inlinable
    public func contains<T: FlatCachable>(_ type: T.Type, id: String) -> Bool {
        storage[FlatCacheKey(typeName: T.typeName, id: id)] != nil
    }

    /// Values stored, of every type.
    public var count: Int { storage.count }

    /// Every value stored, in no order.
    public var values: some Collection<Any> { storage.values }

    /// `add(listener:value:)`, by the type and id of the value: the model
    /// need not be there yet.
    public func add<T: FlatCachable>(_ listener: any FlatCacheListener, to type: T.Type, id: String) {
        let key = FlatCacheKey(typeName: T.typeName, id: id)
        let table = listeners[key] ?? WeakObjectTable()
        table.add(listener)
        listeners[key] = table
    }

    /// `enumerateListeners(key:)`: every live entry of the key's table, cast.
    @usableFromInline
    func tellListeners(of key: FlatCacheKey, _ update: @autoclosure () -> FlatCacheUpdate) {
        guard let table = listeners[key] else { return }
        for object in table.objectEnumerator() {
            if let listener = object as? any FlatCacheListener { owed.append((listener, update())) }
        }
    }

    /// The listener calls owed, to be made once the write is done.
    public func takeOwedCalls() -> [(listener: any FlatCacheListener, update: FlatCacheUpdate)] {
        defer { owed = [] }
        return owed
    }

    /// Listeners still alive, across every key.
    public var liveListeners: Int {
        listeners.values.reduce(0) { $0 + $1.liveCount }
    }
}

/// Linux's stand-in for `NSHashTable.weakObjects()`: weak references keyed
/// by object identity; its enumerator yields the live objects as `Any`, as
/// `NSEnumerator` does. A dead entry stays until its object's slot is reused.
/// Not `Sendable`, as its cache is not.
public final class WeakObjectTable {
    @usableFromInline struct Entry {
        weak var object: AnyObject?
    }

    @usableFromInline var entries: [ObjectIdentifier: Entry] = [:]

    public init() {}

    public func add(_ object: AnyObject) {
        entries[ObjectIdentifier(object)] = Entry(object: object)
    }

    /// The live objects, boxed as `Any`.
    /// - Complexity: O(*n*) for *n* entries, dead ones included.
    @usableFromInline
    func objectEnumerator() -> [Any] {
        var live: [Any] = []
        for entry in entries.values {
            if let object = entry.object { live.append(object) }
        }
        return live
    }

    var liveCount: Int { entries.values.count { $0.object != nil } }
}
