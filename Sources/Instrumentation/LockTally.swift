/// What one thread observed while taking locks of one site.
public struct LockTally: Hashable, Sendable, Codable {
    /// Every acquisition, contended or not.
    public var acquisitions: UInt64 = 0
    /// Acquisitions whose try-lock failed, so the thread had to wait.
    public var contended: UInt64 = 0
    /// Total nanoseconds spent waiting in contended acquisitions.
    public var waitNanoseconds: UInt64 = 0
    /// The longest single wait, in nanoseconds.
    public var maxWaitNanoseconds: UInt64 = 0

    public init() {}

    /// The share of acquisitions that had to wait, 0 when there were none.
    public var contendedShare: Double {
        acquisitions == 0 ? 0 : Double(contended) / Double(acquisitions)
    }

    /// Takes away a tally added before (one site of a total); the longest
    /// wait stays, as it may be the other's.
    public mutating func subtract(_ other: LockTally) {
        acquisitions -= other.acquisitions
        contended -= other.contended
        waitNanoseconds -= other.waitNanoseconds
    }

    /// Adds another tally (another thread, or another site) to this one.
    public mutating func add(_ other: LockTally) {
        acquisitions += other.acquisitions
        contended += other.contended
        waitNanoseconds += other.waitNanoseconds
        maxWaitNanoseconds = max(maxWaitNanoseconds, other.maxWaitNanoseconds)
    }
}
