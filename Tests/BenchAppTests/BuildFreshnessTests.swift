import Foundation
import Testing

@testable import BenchApp

@Suite("bench refuses to measure code that is not in the tree")
final class BuildFreshnessTests {
    /// This test's scratch folder; each package tree it builds is a folder
    /// inside, and all go when the test ends.
    private let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "freshness-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// A package tree with one source file and a binary, each modified at
    /// the given seconds since 1970.
    private func tree(binary: Double, source: Double, manifest: Double = 0) throws -> BuildFreshness {
        let root = scratch.appendingPathComponent(UUID().uuidString)
        let folder = root.appendingPathComponent("Sources/Store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files: [(String, Double)] = [
            ("Package.swift", manifest), ("Sources/Store/Store.swift", source), ("bench", binary),
        ]
        for (path, seconds) in files {
            let url = root.appendingPathComponent(path)
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: seconds)],
                ofItemAtPath: url.path)
        }
        return BuildFreshness(packageRoot: root, binary: root.appendingPathComponent("bench").path)
    }

    @Test("a binary newer than every source passes")
    func freshBinaryPasses() throws {
        try tree(binary: 2_000, source: 1_000).check()
    }

    @Test("a source changed after the build is named, with both times")
    func staleBinaryIsRefused() throws {
        let freshness = try tree(binary: 1_000, source: 2_000.25)
        let error = #expect(throws: BuildFreshness.Stale.self) { try freshness.check() }
        #expect(error?.source == "Sources/Store/Store.swift")
        #expect(error?.description.contains("1970-01-01 00:33:20.250 UTC") == true)
        #expect(error?.description.contains("swift build -c release") == true)
    }

    /// Writes `Store.build/<name>` beside the binary, modified at `seconds`:
    /// what the compiler leaves of a compile of the module `Store`.
    private static func record(_ name: String, at seconds: Double, in freshness: BuildFreshness) throws {
        let folder = freshness.packageRoot.appendingPathComponent("Store.build")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data("x".utf8).write(to: url)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
    }

    @Test("a source compiled again into the same objects passes: SwiftPM does not relink, so the binary stays older")
    func recompiledUnchangedPasses() throws {
        let freshness = try tree(binary: 1_000, source: 2_000)
        try Self.record("Store.swift.o", at: 900, in: freshness)
        try Self.record("Store.d", at: 2_100, in: freshness)
        try freshness.check()
    }

    @Test("a source compiled again into new objects the binary was not linked from, or not compiled since, is refused")
    func recompiledWithoutLinkIsRefused() throws {
        let unlinked = try tree(binary: 1_000, source: 2_000)
        try Self.record("Store.swift.o", at: 2_100, in: unlinked)
        try Self.record("Store.d", at: 2_100, in: unlinked)
        #expect(throws: BuildFreshness.Stale.self) { try unlinked.check() }

        let uncompiled = try tree(binary: 1_000, source: 2_000)
        try Self.record("Store.swift.o", at: 900, in: uncompiled)
        try Self.record("Store.d", at: 950, in: uncompiled)
        #expect(throws: BuildFreshness.Stale.self) { try uncompiled.check() }
    }

    @Test("a changed Package.swift alone does not: it may change no module at all")
    func manifestDoesNotCount() throws {
        try tree(binary: 1_000, source: 500, manifest: 1_500).check()
    }

    @Test("a source file added after the build makes the binary stale; an editor's swap file does not")
    func addedFileCounts() throws {
        let freshness = try tree(binary: Date().timeIntervalSince1970 - 60, source: 0)
        try Data("x".utf8).write(to: freshness.packageRoot.appendingPathComponent("Sources/Store/.Store.swift.swp"))
        try freshness.check()
        try Data("x".utf8).write(to: freshness.packageRoot.appendingPathComponent("Sources/Store/New.swift"))
        let error = #expect(throws: BuildFreshness.Stale.self) { try freshness.check() }
        #expect(error?.source == "Sources/Store/New.swift")
    }

    @Test("the package is the one whose .build folder holds the binary; a binary elsewhere is not checked")
    func packageFoundFromTheBinary() throws {
        let root = scratch
        let products = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release")
        try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
        let binary = products.appendingPathComponent("bench").path
        #expect(BuildFreshness.containing(binary: binary) == nil, "no Package.swift above .build yet")
        try Data("x".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let found = BuildFreshness.containing(binary: binary)
        #expect(found?.packageRoot.path == root.path)
        #expect(found?.binary == binary)
        #expect(
            BuildFreshness.containing(binary: root.appendingPathComponent("bench").path) == nil,
            "a copy beside the package, as the instruction pass makes in /tmp, is not in a build folder")
    }
}
