/// A value that an `InstrumentedLock` owns: `withLock` is the only way to
/// it, and every acquisition is counted at the lock's site.
///
/// For a store's state behind the store's own lock, where the system it
/// follows keeps that state behind one lock too. It is laid out and reached
/// as a class holding the lock and the value in stored properties is, so
/// that a store's state moved into it costs what it cost before.
public final class InstrumentedLockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is reached only inside `withLock`, with `lock` held.
    @usableFromInline let lock: InstrumentedLock
    @usableFromInline var value: Value

    public init(_ value: Value, site: LockSite) {
        lock = InstrumentedLock(site: site)
        self.value = value
    }

    /// Runs `body` on the value with the lock held. Not reentrant.
    /// - Complexity: O(1) besides `body`: one counted acquisition.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
