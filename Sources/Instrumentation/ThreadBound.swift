#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that one thread alone may touch, checked on every access in every
/// build, as swift-nio's `NIOLoopBoundBox` checks its event loop: a thread
/// that reaches for it elsewhere traps instead of racing.
///
/// The box may go anywhere; what it holds stays on its thread. It may be made
/// on any thread, from a value no other thread can reach (`sending`), as a
/// store is made before its main thread first looks anything up.
public final class ThreadBound<Value>: @unchecked Sendable {
    // @unchecked: `storage` is reached only through `value`, whose accessors
    // trap on any thread but `thread`.
    /// The one thread that may touch the value.
    public let thread: pthread_t
    // One thread alone reaches the storage: no exclusivity check needed.
    @usableFromInline @exclusivity(unchecked) var storage: Value

    /// Binds `value` to `thread`.
    public init(_ value: sending Value, boundTo thread: pthread_t) {
        self.thread = thread
        storage = value
    }

    /// The value; traps on any other thread than `thread`.
    /// - Complexity: O(1): the calling thread's id compared before the access.
    @inlinable
    public var value: Value {
        _read {
            checkThread()
            yield storage
        }
        _modify {
            checkThread()
            yield &storage
        }
    }

    /// Whether the calling thread is the value's.
    @inlinable
    public var isOnThread: Bool { pthread_equal(pthread_self(), thread) != 0 }

    @inlinable @inline(__always)
    func checkThread() {
        if !isOnThread { Self.touchedOffItsThread() }
    }

    /// Out of line, so that the check inlined into every access is a
    /// comparison and a branch. `fatalError`, not `precondition`: an
    /// optimized build prints a failed precondition's message not at all.
    @usableFromInline @inline(never)
    static func touchedOffItsThread() -> Never {
        fatalError("a value bound to one thread was touched on another")
    }
}
