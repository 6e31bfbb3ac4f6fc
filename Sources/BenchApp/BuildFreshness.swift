import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether this binary can be the build of the sources beside it.
///
/// A binary older than one of its package's source files was built before
/// that change: whatever it measures is code that is no longer in the tree.
/// A file deleted since the build leaves nothing newer behind, so it is not
/// seen.
/// The package is the one whose build folder holds the binary (SwiftPM's
/// `<package>/.build/<triple>/<configuration>/bench`); a binary anywhere else
/// (copied, or built with a scratch path outside its package) is not checked.
/// Not the path of this file at compile time: that string in the binary made
/// two checkouts of one commit build different code, whose instruction
/// counts differed (docs/CONSTANTS.md, BuildFreshness).
/// A source changed after the binary still counts as built when its module
/// was compiled after the change and that compile left every object file as
/// it was (a comment, an access level the optimizer already knew): the
/// compiler then rewrites only its records (`<Module>.build/*.d`), and
/// SwiftPM does not relink. What this cannot see: a build that relinks the binary without
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

    /// The package whose `.build` folder holds the running executable, and
    /// that executable; nil when it runs from anywhere else.
    public static var current: BuildFreshness? {
        guard let executable = Bundle.main.executablePath else { return nil }
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        return containing(binary: binary.path)
    }

    /// The package `binary` was built in: the folder above the nearest `.build`
    /// among its ancestors, when that folder has a Package.swift.
    /// - Complexity: O(the path's depth).
    static func containing(binary: String) -> BuildFreshness? {
        var folder = URL(fileURLWithPath: binary).deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" {
                let root = folder.deletingLastPathComponent()
                guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
                    return nil
                }
                return BuildFreshness(packageRoot: root, binary: binary)
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Throws `Stale` when a source file under `Sources/` was modified after
    /// the binary and its module was not compiled since, or was compiled into
    /// object files the binary was not linked from. (Not Package.swift: an edit
    /// to it that affects no module, such as a new test target, relinks nothing
    /// and would look stale forever.)
    ///
    /// - Complexity: one `stat` per file under `Sources/`, and per file of the
    ///   build folder of each module with a source newer than the binary.
    public func check() throws(Stale) {
        guard let built = Self.modified(binary) else { return }
        for (source, changed) in sources()
        where changed > built && !compiledUnchanged(source, since: changed, linked: built) {
            throw Stale(binary: binary, built: built, source: source, changed: changed)
        }
    }

    /// Whether the module of `source` was compiled at or after `changed` and
    /// every object file of that compile is older than the link at `linked`.
    /// The module's build folder is `<Module>.build` beside the binary, for
    /// the nearest folder of `source` that has one.
    func compiledUnchanged(_ source: String, since changed: Date, linked: Date) -> Bool {
        let products = URL(fileURLWithPath: binary).deletingLastPathComponent()
        var folder = packageRoot.appendingPathComponent(source).deletingLastPathComponent()
        while folder.lastPathComponent != "Sources", folder.path != packageRoot.path, folder.path != "/" {
            let records = products.appendingPathComponent(folder.lastPathComponent + ".build")
            if let files = try? FileManager.default.contentsOfDirectory(atPath: records.path) {
                let written = files.compactMap { name in
                    Self.modified(records.appendingPathComponent(name).path).map { (name, $0) }
                }
                let compiled = written.contains { $0.1 >= changed }
                let relinkPending = written.contains { $0.0.hasSuffix(".o") && $0.1 > linked }
                return compiled && !relinkPending
            }
            folder.deleteLastPathComponent()
        }
        return false
    }

    /// What the compiler reads: Swift, C and C++ sources, headers, module maps.
    /// (Not every file: an editor's swap file beside a source is no change.)
    static let sourceExtensions: Set<String> = ["swift", "c", "cpp", "h", "modulemap"]

    /// Every source file, relative to the package root, with its modification time.
    func sources() -> [(path: String, modified: Date)] {
        let sources = packageRoot.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var found: [(path: String, modified: Date)] = []
        for case let relative as String in walker
        where Self.sourceExtensions.contains(URL(fileURLWithPath: relative).pathExtension) {
            let path = "Sources/" + relative
            if let modified = Self.modified(packageRoot.appendingPathComponent(path).path) {
                found.append((path, modified))
            }
        }
        return found
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
