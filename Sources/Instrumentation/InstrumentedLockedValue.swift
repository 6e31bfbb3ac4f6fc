/// A value that an `InstrumentedLock` owns: `withLock` is the only way to
/// it, and every acquisition is counted at the lock's site.
///
/// For a store's state behind the store's own lock, where the system it
/// follows keeps that state behind one lock too.
public final class InstrumentedLockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is reached only inside `withLock`, with `lock` held.
    @usableFromInline let lock: InstrumentedLock
    /// Every access holds `lock`, so the runtime's exclusivity check would
    /// only repeat what the lock guarantees.
    @usableFromInline @exclusivity(unchecked) var value: Value

    public init(_ value: Value, site: LockSite) {
        self.value = value
        lock = InstrumentedLock(site: site)
    }

    /// Runs `body` on the value with the lock held. Not reentrant.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
