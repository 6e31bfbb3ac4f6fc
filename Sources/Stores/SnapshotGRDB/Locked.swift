import Foundation

/// A value behind a pthread mutex (`NSLock`, as GRDB guards its own state).
///
/// Not `Synchronization.Mutex`: on Linux it parks on a futex that
/// ThreadSanitizer does not see, so the accesses it orders are reported as
/// races when threads meet at the lock.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is accessed only under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
