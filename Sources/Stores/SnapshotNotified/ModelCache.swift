import Foundation
import Instrumentation
import ModelGraph

/// Pinterest's central model cache: PINCache's memory cache
/// (`Source/PINMemoryCache.m`, pinterest/PINCache 3.0.4), keyed by the
/// model's class and id, as the store uses it.
///
/// What sets its costs, as `PINMemoryCache` does it:
/// - Six dictionaries keyed by string (`_dictionary`, `_createdDates`,
///   `_accessDates`, `_costs`, `_ageLimits`, `_accessCounts`, lines 85–90)
///   behind one pthread mutex (line 21; `lock`/`unlock`, lines 865–875): the
///   suite's instrumented lock, so its acquisitions are counted.
/// - A read takes the mutex twice (`objectForKey:`, lines 495–521): once to
///   find the object, and on a hit once more to write its access date and
///   count. Every read writes.
/// - A write takes it twice (`setObject:forKey:withCost:ageLimit:`, lines
///   552–600): once to read the add blocks and the cost limit, once to write
///   the object, its dates, count and cost.
/// - A removal takes it twice (`removeObjectAndExecuteBlocksForKey:`, lines
///   173–203); an enumeration holds it throughout, visiting the keys sorted by
///   creation date (`enumerateObjectsWithBlock:`, lines 657–678).
///
/// Left out: PINCache's disk half (`Source/PINCache.m`, lines 304–321 and
/// 340–346), where a memory hit also queues a disk date update and a write
/// also archives the object to a file. The suite holds models in memory.
struct ModelCache: Sendable {
    /// The dictionaries, behind the cache's one mutex. Copies of the cache
    /// share them, as every holder of a `PINMemoryCache` shares the object.
    private let entries = InstrumentedLockedValue(Entries(), site: .storeState)
    /// `PINMemoryCache`'s `_ttlCache`: off, as the model cache creates it.
    /// A stored property, so a read still looks its age limit up (line 504).
    private let isTTLCache: Bool
    /// `_costLimit`: none, so a write never trims.
    private let costLimit: Int

    private struct Entries {
        var objects: [String: CachedModel] = [:]
        var createdDates: [String: Date] = [:]
        var accessDates: [String: Date] = [:]
        var costs: [String: Int] = [:]
        var ageLimits: [String: TimeInterval] = [:]
        var accessCounts: [String: Int] = [:]
        var totalCost = 0
        var ageLimit: TimeInterval = 0
    }

    init(isTTLCache: Bool = false, costLimit: Int = 0) {
        self.isTTLCache = isTTLCache
        self.costLimit = costLimit
    }

    /// `objectForKey:`: the object, its access date and count written on a hit.
    /// - Complexity: O(1) on average; two acquisitions of the lock on a hit.
    func object(forKey key: String) -> CachedModel? {
        let now = Date()
        let object = entries.withLock { entries -> CachedModel? in
            let ageLimit = entries.ageLimits[key] ?? entries.ageLimit
            guard
                !isTTLCache || ageLimit <= 0
                    || abs((entries.createdDates[key] ?? now).timeIntervalSince(now)) < ageLimit
            else { return nil }
            return entries.objects[key]
        }
        if object != nil {
            entries.withLock { entries in
                entries.accessDates[key] = now
                let accessCount = entries.accessCounts[key] ?? 0
                if accessCount < Int.max { entries.accessCounts[key] = accessCount + 1 }
            }
        }
        return object
    }

    /// `containsObjectForKey:`: one acquisition, nothing written.
    func containsObject(forKey key: String) -> Bool {
        entries.withLock { $0.objects[key] != nil }
    }

    /// `setObject:forKey:withCost:0 ageLimit:0`.
    /// - Complexity: O(1) on average; two acquisitions of the lock.
    func setObject(_ object: CachedModel, forKey key: String) {
        let costLimit = entries.withLock { _ in self.costLimit }
        entries.withLock { entries in
            if let oldCost = entries.costs[key] { entries.totalCost -= oldCost }
            let now = Date()
            entries.objects[key] = object
            entries.createdDates[key] = now
            entries.accessDates[key] = now
            let accessCount = entries.accessCounts[key] ?? 0
            if accessCount < Int.max { entries.accessCounts[key] = accessCount + 1 }
            entries.costs[key] = 0
            entries.ageLimits.removeValue(forKey: key)
        }
        precondition(costLimit == 0, "the model cache has no cost limit to trim to")
    }

    /// `removeObjectForKey:`.
    func removeObject(forKey key: String) {
        let present = entries.withLock { $0.objects[key] != nil }
        guard present else { return }
        entries.withLock { entries in
            if let cost = entries.costs[key] { entries.totalCost -= cost }
            entries.objects.removeValue(forKey: key)
            entries.createdDates.removeValue(forKey: key)
            entries.accessDates.removeValue(forKey: key)
            entries.costs.removeValue(forKey: key)
            entries.ageLimits.removeValue(forKey: key)
            entries.accessCounts.removeValue(forKey: key)
        }
    }

    /// `enumerateObjectsWithBlock:`: every object, oldest first, under the lock.
    /// - Complexity: O(*n* log *n*) for *n* objects.
    func enumerateObjects(_ body: (String, CachedModel) -> Void) {
        entries.withLock { entries in
            let keys = entries.createdDates.sorted { $0.value < $1.value }.map(\.key)
            for key in keys {
                if let object = entries.objects[key] { body(key, object) }
            }
        }
    }

    /// Objects cached, for the store's counts.
    var count: Int { entries.withLock { $0.objects.count } }
}
