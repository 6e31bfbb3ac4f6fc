import BenchDriver
import BenchResults
import BenchTestSupport
import Foundation
import Testing

@testable import BenchApp

@Suite("bench join: a profile's runs, a scenario each, make its whole plan")
struct SavedRunsJoinTests {
    /// A synthetic run of `scenario`'s cases at the quick profile.
    static func piece(_ scenario: ScenarioID) -> RunResult {
        var run = SyntheticRun.run()
        let stores = run.cases[0].stores
        run.cases = scenario.definition.cases(for: .quick).map {
            CaseResult(
                scenario: scenario.rawValue, label: scenario.definition.label(for: $0), parameters: $0.values,
                headline: "op.p50", notes: [], stores: stores)
        }
        return run
    }

    /// Each run written to a file of its own in a fresh directory.
    static func files(_ runs: [RunResult]) throws -> (URL, [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("join-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let paths = try runs.enumerated().map { index, run in
            let url = directory.appendingPathComponent("piece\(index).json")
            try run.json().write(to: url)
            return url.path
        }
        return (directory, paths)
    }

    @Test("given in any order, the pieces join in the plan's order")
    func joinsInPlanOrder() throws {
        let (directory, paths) = try Self.files(ScenarioID.allCases.reversed().map(Self.piece))
        defer { try? FileManager.default.removeItem(at: directory) }
        let into = directory.appendingPathComponent("joined.json").path
        let message = try SavedRuns.join(paths, into: into)
        #expect(message.contains("Joined \(ScenarioID.allCases.count) runs"))
        let joined = try RunResult.read(from: URL(fileURLWithPath: into))
        let plan = try RunRequest(profile: .quick).plan().cases
        #expect(joined.cases.map(\.scenario) == plan.map(\.scenario.rawValue))
        #expect(joined.cases.map(\.parameters) == plan.map(\.parameters.values))
        #expect(joined.pieces?.map(\.scenarios) == ScenarioID.allCases.map { [$0.rawValue] })
    }

    @Test("a scenario missing, or a run of a custom profile, is refused and nothing is written")
    func refusesIncomplete() throws {
        let (directory, paths) = try Self.files(ScenarioID.allCases.dropLast().map(Self.piece))
        defer { try? FileManager.default.removeItem(at: directory) }
        let into = directory.appendingPathComponent("joined.json").path
        do {
            _ = try SavedRuns.join(paths, into: into)
            Issue.record("a join without \(ScenarioID.allCases.last!) was accepted")
        } catch {
            #expect(error.kind == .unusableInput)
            #expect(error.message.contains(ScenarioID.allCases.last!.rawValue), "\(error.message)")
        }
        var custom = Self.piece(.tagRename)
        custom.profile = "custom"
        let (other, customPaths) = try Self.files([custom])
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(throws: BenchFailure.self) { try SavedRuns.join(customPaths, into: into) }
        #expect(!FileManager.default.fileExists(atPath: into))
    }
}
