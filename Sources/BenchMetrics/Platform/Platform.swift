#if os(Linux)
import Foundation
#else
#error(
    """
    ModelStoreBench measures on Linux only: it finds its own executable and the CPU's model in /proc, \
    counts instructions under Valgrind's callgrind and allocations through jemalloc's statistics. \
    Build and run it on Linux (Debian or Ubuntu with the Swift toolchain).
    """)
#endif

/// What the suite reads from Linux itself, in one place: everything else
/// goes through Swift's, Foundation's or the C library's portable calls.
public enum Platform {
    /// The running executable's path, links resolved: a re-executed or
    /// counted `bench` is this same binary wherever it was started from.
    public static var executablePath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// The CPU's model name, as the kernel reports it; "unknown" when it does not.
    public static var cpuModel: String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown"
    }
}
