import Foundation

/// A value the threads of a round share, behind a pthread mutex (`NSLock`).
///
/// Not `Synchronization.Mutex`: on Linux it parks on a futex that
/// ThreadSanitizer does not see, so accesses it orders are reported as races
/// when threads meet at the lock.
@usableFromInline final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is accessed only under `lock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
