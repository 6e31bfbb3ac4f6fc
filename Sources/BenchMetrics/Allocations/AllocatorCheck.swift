import CJemalloc
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Proves that jemalloc serves this process's allocations, including the
/// Swift runtime's, before any count is trusted.
public enum AllocatorCheck {
    private static let verdict = Mutex<Result<Void, AllocatorError>?>(nil)

    /// Throws, once and for all, if jemalloc is not the allocator: if the
    /// library was linked but libc's malloc still serves `malloc` and Swift
    /// object allocations, every count would be zero.
    public static func requireJemalloc() throws(AllocatorError) {
        let result = verdict.withLock { cached in
            if let cached { return cached }
            let checked = Result<Void, AllocatorError> { () throws(AllocatorError) in try check() }
            cached = checked
            return checked
        }
        try result.get()
    }

    private final class Probe {
        var payload = (0, 0, 0, 0)
    }

    private static func check() throws(AllocatorError) {
        if Sanitizers.isActive {
            throw .notTheAllocator(
                "the \(Sanitizers.active.joined(separator: " and ")) sanitizer owns malloc in this build")
        }
        guard try !Jemalloc.version().isEmpty else {
            throw .notTheAllocator("mallctl(\"version\") answered nothing")
        }
        let before = try Jemalloc.readCounter("thread.allocated")
        // The block is handed to an external function, so the optimizer
        // cannot remove the allocation as unused.
        let block = malloc(4096)
        let usable = malloc_usable_size(block)
        let afterMalloc = try Jemalloc.readCounter("thread.allocated")
        free(block)
        guard usable >= 4096, afterMalloc >= before + 4096 else {
            throw .notTheAllocator(
                "malloc(4096) did not reach jemalloc (thread.allocated grew by \(afterMalloc &- before))")
        }
        // Retained through Unmanaged, so the object cannot live on the stack.
        let object = Unmanaged.passRetained(Probe())
        let afterObject = try Jemalloc.readCounter("thread.allocated")
        object.release()
        guard afterObject > afterMalloc else {
            throw .notTheAllocator("a Swift object allocation did not reach jemalloc")
        }
    }

    /// The jemalloc version string, for provenance.
    public static var version: String? {
        try? Jemalloc.version()
    }
}
