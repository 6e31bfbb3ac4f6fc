import Foundation

/// A value that a lock owns: `withLock` is the only way to it.
///
/// For state outside the stores' counted locks: the harness's, and what a
/// store keeps behind a plain lock because the system it follows does (an
/// `NSLock`, as GRDB guards its own state). The lock is not counted,
/// whatever recorder the thread has installed.
///
/// An `NSLock` (a pthread mutex), not `Synchronization.Mutex`: on Linux that
/// one parks on a futex ThreadSanitizer does not see, so the accesses it
/// orders are reported as races when threads meet at the lock.
public final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is reached only inside `withLock`, with `lock` held.
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held. Not reentrant.
    /// - Complexity: O(1) besides `body`: one acquisition of the lock.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
