import Foundation
import Testing

@Suite("bench refuses to run a binary older than its sources")
struct StaleBinaryTests {
    @Test("bench itself exits 4 with one line when its binary is older than the package whose .build holds it")
    func benchRefusesToRun() throws {
        // A package of one source file, and a copy of bench in its build
        // folder, older than the source.
        let package = BenchProcess.temporaryDirectory()
        let products = package.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/Store"),
            withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        try Data("// swift-tools-version: 6.1".utf8).write(to: package.appendingPathComponent("Package.swift"))
        try Data("struct Store {}".utf8).write(to: package.appendingPathComponent("Sources/Store/Store.swift"))
        let copy = products.appendingPathComponent("bench")
        try FileManager.default.copyItem(at: BenchProcess.executable, to: copy)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 946_684_800)],
            ofItemAtPath: copy.path)
        let outcome = try BenchProcess.run(["list"], executable: copy)
        #expect(outcome.status == 4)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.contains("is older than Sources/Store/Store.swift"))
        #expect(outcome.output.isEmpty)

        // The same old copy outside any build folder belongs to no package: not checked.
        let loose = package.appendingPathComponent("bench")
        try FileManager.default.copyItem(at: copy, to: loose)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 946_684_800)],
            ofItemAtPath: loose.path)
        #expect(try BenchProcess.run(["list"], executable: loose).status == 0)

        let fresh = try BenchProcess.run(["list"])
        #expect(fresh.status == 0)
    }
}
