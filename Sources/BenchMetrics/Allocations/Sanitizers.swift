#if canImport(Glibc)
import Glibc
#endif

/// Sanitizers running in this process. A sanitizer brings its own malloc,
/// so jemalloc cannot be the allocator and allocation counts are not
/// available; everything else still works.
public enum Sanitizers {
    /// The names of the sanitizer runtimes loaded, for example ["thread"].
    public static let active: [String] = {
        let runtimes = [("thread", "__tsan_init"), ("address", "__asan_init")]
        return runtimes.compactMap { name, symbol in
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol) == nil ? nil : name
        }
    }()

    public static var isActive: Bool { !active.isEmpty }
}
