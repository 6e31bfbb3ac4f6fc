#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Whether this binary can be the build of the sources beside it.
///
/// A binary older than one of its package's source files was built before
/// that change: whatever it measures is code that is no longer in the tree.
/// A file deleted since the build leaves nothing newer behind, so it is not
/// seen.
/// The package is found from this file's path at compile time; a binary run
/// where that tree no longer exists (copied elsewhere, the tree deleted) is
/// not checked. What this cannot see: a build that relinks the binary without
/// recompiling a module that inlined the changed code (the binary is then newer
/// than the change: Package.swift's `withInlinedDependencies` prevents that),
/// and changes outside `Sources/` and `Package.swift` (the toolchain, the
/// packages under .build).
public struct BuildFreshness {
    /// A source file changed after the binary was linked.
    public struct Stale: Error, CustomStringConvertible {
        let binary: String
        let built: Date
        let source: String
        let changed: Date

        public var description: String {
            "this bench binary (\(binary), built \(Self.format(built))) is older than \(source) (changed "
                + "\(Self.format(changed))): it does not measure the code in the tree; rebuild it with "
                + "`swift build -c release`, or run `swift run -c release bench`"
        }

        private static func format(_ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS 'UTC'"
            return formatter.string(from: date)
        }
    }

    /// The package root: the nearest folder above `file` with a Package.swift.
    let packageRoot: URL
    /// The binary whose age is checked.
    let binary: String

    /// The package this binary was compiled from, and the running executable;
    /// nil when either cannot be found.
    public static var current: BuildFreshness? {
        guard let binary = Bundle.main.executablePath else { return nil }
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return BuildFreshness(packageRoot: folder, binary: binary)
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Throws `Stale` when a source file under `Sources/` was modified after
    /// the binary. (Not Package.swift: an edit to it that affects no module,
    /// such as a new test target, relinks nothing and would look stale forever.)
    ///
    /// - Complexity: one `stat` per file under `Sources/`.
    public func check() throws(Stale) {
        guard let built = Self.modified(binary), let (source, changed) = newestSource(), changed > built else { return }
        throw Stale(binary: binary, built: built, source: source, changed: changed)
    }

    /// What the compiler reads: Swift, C and C++ sources, headers, module maps.
    /// (Not every file: an editor's swap file beside a source is no change.)
    static let sourceExtensions: Set<String> = ["swift", "c", "cpp", "h", "modulemap"]

    /// The most recently modified source file, relative to the package root.
    func newestSource() -> (path: String, modified: Date)? {
        var newest: (path: String, modified: Date)?
        func consider(_ relative: String) {
            guard let modified = Self.modified(packageRoot.appendingPathComponent(relative).path) else { return }
            if newest.map({ modified > $0.modified }) ?? true { newest = (relative, modified) }
        }
        let sources = packageRoot.appendingPathComponent("Sources")
        if let walker = FileManager.default.enumerator(atPath: sources.path) {
            for case let relative as String in walker
            where Self.sourceExtensions.contains(URL(fileURLWithPath: relative).pathExtension) {
                consider("Sources/" + relative)
            }
        }
        return newest
    }

    /// The modification time of `path`, following links, to the nanosecond.
    static func modified(_ path: String) -> Date? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Glibc)
        let time = info.st_mtim
        #else
        let time = info.st_mtimespec
        #endif
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }
}
