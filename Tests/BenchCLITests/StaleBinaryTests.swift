import Foundation
import Testing

@Suite("bench refuses to run a binary older than its sources")
struct StaleBinaryTests {
    @Test("bench itself exits 4 with one line when its binary is older than the tree")
    func benchRefusesToRun() throws {
        let folder = BenchProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("bench")
        try FileManager.default.copyItem(at: BenchProcess.executable, to: copy)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 946_684_800)],
                                              ofItemAtPath: copy.path)
        let outcome = try BenchProcess.run(["list"], executable: copy)
        #expect(outcome.status == 4)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.contains("is older than"))
        #expect(outcome.output.isEmpty)

        let fresh = try BenchProcess.run(["list"])
        #expect(fresh.status == 0)
    }
}
