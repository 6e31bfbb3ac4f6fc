/// How a store is set up. Each store reads the settings that apply to its
/// design and ignores the rest, so the driver can vary them without knowing
/// which store it runs.
public struct StoreConfiguration: Hashable, Sendable, Codable {
    /// When a weak table removes entries whose objects have died.
    public var purgePolicy: PurgePolicy
    /// How reading a row of a shared mutable object is locked.
    public var rowLocking: RowLocking

    public init(purgePolicy: PurgePolicy = .amortized(every: 4096), rowLocking: RowLocking = .perObject) {
        self.purgePolicy = purgePolicy
        self.rowLocking = rowLocking
    }
}

/// When a weak table removes entries whose objects have died.
///
/// A lookup that finds a dead entry always replaces it; the policy governs
/// the entries nobody looks up again.
public enum PurgePolicy: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Only an explicit `purge()` sweeps the table.
    case manual
    /// After every `every` new entries, sweep the whole table (amortized O(1)
    /// per insertion, like a hash table purging on growth).
    case amortized(every: Int)

    public var description: String {
        switch self {
        case .manual: "manual"
        case .amortized(let every): "every \(every) inserts"
        }
    }
}

/// How a row read of a shared mutable object is locked.
public enum RowLocking: String, Hashable, Sendable, Codable, CaseIterable {
    /// Lock each object once for all the fields a row shows from it: a row
    /// never mixes two versions of one object.
    case perObject
    /// Lock for each field separately, like atomic properties: cheaper hold
    /// times, but a row can mix versions of one object (a torn read).
    case perField
}
