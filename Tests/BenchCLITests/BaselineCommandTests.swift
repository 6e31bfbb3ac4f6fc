import BenchStatistics
import Foundation
import Testing

@testable import BenchResults

@Suite("bench compare on the command line")
struct BaselineCommandTests {
    /// A small saved run to compare with.
    static func savedRun(in directory: URL) throws -> URL {
        let outcome = try BenchProcess.run([
            "--scenario", "cold-load", "--scenario", "tag-rename", "--param", "N=200", "--param", "F=20",
            "--param", "holders=5", "--param", "renames=2", "--rounds", "2", "--output", directory.path,
            "--save-baseline", directory.appendingPathComponent("baseline.json").path,
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        return directory.appendingPathComponent("baseline.json")
    }

    @Test("a saved run compared with itself exits 0 and prints every gated metric")
    func compareWithItself() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = try Self.savedRun(in: directory)
        let outcome = try BenchProcess.run(["compare", "--baseline", baseline.path, "--current", baseline.path])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.contains("0 regressed, 0 missing"))
        #expect(outcome.output.contains("notifications per rename"))
        #expect(outcome.output.contains("merge into empty store"))
    }

    @Test("a run pooled with another of its plan writes both runs' rounds with their drift; another plan is refused")
    func poolsWithAnotherRun() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let half = try Self.savedRun(in: directory)
        let pooled = directory.appendingPathComponent("pooled")
        let outcome = try BenchProcess.run([
            "--scenario", "cold-load", "--scenario", "tag-rename", "--param", "N=200", "--param", "F=20",
            "--param", "holders=5", "--param", "renames=2", "--rounds", "1", "--pool-with", half.path,
            "--output", pooled.path,
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        let result = try RunResult.read(from: pooled.appendingPathComponent("results.json"))
        #expect(result.rounds == 3)
        #expect(result.driftCommit == result.provenance.commit)
        let timings = result.cases.flatMap(\.stores).flatMap(\.metrics).filter { $0.metric.kind == .timing }
        #expect(!timings.isEmpty && timings.allSatisfy { $0.rounds.count == 3 && $0.drift != nil })

        let otherPlan = try BenchProcess.run([
            "--scenario", "cold-load", "--param", "N=200", "--rounds", "1", "--pool-with", half.path,
            "--output", directory.appendingPathComponent("other").path,
        ])
        #expect(otherPlan.status == 64)
        #expect(otherPlan.error.contains("--pool-with needs a complete run of the same profile, cases and stores"))
        let missing = try BenchProcess.run(["--scenario", "tag-rename", "--pool-with", "/nonexistent/results.json"])
        #expect(missing.status == 3)
        #expect(missing.error == "bench: error: --pool-with run cannot read /nonexistent/results.json: no such file\n")
    }

    @Test("a doctored baseline with fewer notifications makes the run regress, status 2")
    func plantedRegression() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = try Self.savedRun(in: directory)
        var result = try RunResult.read(from: baseline)
        // Pretend the baseline delivered one notification per rename less (an
        // exact count, measured with any allocator, sanitizers included).
        for caseIndex in result.cases.indices {
            for storeIndex in result.cases[caseIndex].stores.indices {
                for metricIndex in result.cases[caseIndex].stores[storeIndex].metrics.indices
                where result.cases[caseIndex].stores[storeIndex].metrics[metricIndex].metric.id
                    == "rename.notifications"
                {
                    let series = result.cases[caseIndex].stores[storeIndex].metrics[metricIndex]
                    result.cases[caseIndex].stores[storeIndex].metrics[metricIndex] =
                        MetricSeries(metric: series.metric, rounds: series.rounds.map { $0 - 1 })
                }
            }
        }
        let doctored = directory.appendingPathComponent("doctored.json")
        try result.json().write(to: doctored)
        let outcome = try BenchProcess.run(["compare", "--baseline", doctored.path, "--current", baseline.path])
        #expect(outcome.status == 2, "\(outcome.error)")
        #expect(outcome.output.contains("Regressed:"))
        #expect(outcome.error.contains("regressed against the baseline"))
    }

    @Test(
        "timings alone regressing, again when measured once more, exit 6 with their cases' arguments; side by side they decide"
    )
    func timingsAloneRegress() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "--scenario", "tag-rename", "--param", "F=20", "--param", "holders=5",
            "--param", "renames=2", "--store", "uniquing-main", "--rounds", "4",
        ]
        let saved = directory.appendingPathComponent("saved")
        #expect(try BenchProcess.run(arguments + ["--output", saved.path]).status == 0)
        // A baseline whose every timing took a hundredth of the time.
        var result = try RunResult.read(from: saved.appendingPathComponent("results.json"))
        for caseIndex in result.cases.indices {
            for storeIndex in result.cases[caseIndex].stores.indices {
                for (metricIndex, series) in result.cases[caseIndex].stores[storeIndex].metrics.enumerated()
                where series.metric.kind == .timing {
                    result.cases[caseIndex].stores[storeIndex].metrics[metricIndex] =
                        MetricSeries(metric: series.metric, rounds: series.rounds.map { $0 / 100 })
                }
            }
        }
        let doctored = directory.appendingPathComponent("doctored.json")
        try result.json().write(to: doctored)

        // Timings are gated only against a host that reads the clock alike, and
        // a busy sibling core can slow a read past that: the baseline takes the
        // clock of the last attempt until a run reads it alike.
        let gatedBaseline = directory.appendingPathComponent("gated-baseline.json")
        var baseline = result
        var gated = directory, outcome = BenchProcess.Outcome(status: -1, output: "", error: "")
        for attempt in 1...5 {
            try baseline.json().write(to: gatedBaseline)
            gated = directory.appendingPathComponent("gated-\(attempt)")
            outcome = try BenchProcess.run(arguments + ["--baseline", gatedBaseline.path, "--output", gated.path])
            let clock = try RunResult.read(from: gated.appendingPathComponent("results.json")).harness.clock
            if clock.readsAlike(baseline.harness.clock) { break }
            baseline.harness.clock = clock
        }
        #expect(outcome.status == 6, "\(outcome.error)")
        #expect(outcome.output.contains("measured again"))
        #expect(outcome.error.contains("nothing else") && outcome.error.contains("scripts/gate"))
        let cases = try String(contentsOf: gated.appendingPathComponent("timing-regressions.args"), encoding: .utf8)
        #expect(
            cases == "--scenario tag-rename --param F=20 --param holders=5 --param renames=2 --store uniquing-main\n")

        // A saved run is never measured again: its timings fail as any regression.
        let savedRun = try BenchProcess.run([
            "compare", "--baseline", doctored.path, "--current",
            saved.appendingPathComponent("results.json").path,
        ])
        #expect(savedRun.status == 2, "\(savedRun.error)")

        // Side by side, timings decide and counts are not read.
        let sideBySide = try BenchProcess.run([
            "compare", "--side-by-side", "--baseline", doctored.path, "--current",
            saved.appendingPathComponent("results.json").path,
        ])
        #expect(sideBySide.status == 2, "\(sideBySide.error)")
        let itself = try BenchProcess.run([
            "compare", "--side-by-side", "--baseline", doctored.path, "--current", doctored.path,
        ])
        #expect(itself.status == 0, "\(itself.error)")
        let both = try BenchProcess.run([
            "compare", "--side-by-side", "--reproduces", "--baseline", doctored.path,
            "--current", doctored.path,
        ])
        #expect(both.status == 64 && both.error.contains("choose one"), "\(both.error)")
    }

    @Test("instruction counts that cannot be compared with the baseline's fail with status 5, never pass unchecked")
    func countsNotComparable() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var run = try RunResult.read(from: try Self.savedRun(in: directory))
        var files: [URL] = []
        for (name, probe) in [("counted-there.json", 6_373), ("counted-here.json", 6_380)] {
            run.instructionCounting = InstructionProvenance(
                valgrind: "valgrind-3.19.0", libc: "glibc 2.36", probe: UInt64(probe), cLibraryPin: "313b0a60")
            files.append(directory.appendingPathComponent(name))
            try run.json().write(to: files[files.count - 1])
        }
        let outcome = try BenchProcess.run(["compare", "--baseline", files[0].path, "--current", files[1].path])
        #expect(outcome.status == 5, "\(outcome.error)")
        #expect(outcome.error.contains("no instruction count was compared") && outcome.error.contains("scripts/gate"))
        #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
        let same = try BenchProcess.run(["compare", "--baseline", files[1].path, "--current", files[1].path])
        #expect(same.status == 0, "\(same.error)")
    }

    @Test("bench tolerances of a missing or foreign baseline: one line, status 3, nothing printed")
    func tolerancesOfUnusableBaseline() throws {
        let directory = BenchProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let foreign = directory.appendingPathComponent("foreign.json")
        try Data("[1, 2, 3]".utf8).write(to: foreign)
        for path in [directory.appendingPathComponent("missing.json").path, foreign.path] {
            let outcome = try BenchProcess.run(["tolerances", "--baseline", path])
            #expect(outcome.status == 3, "\(outcome.error)")
            #expect(outcome.errorLines.count == 1, "\(outcome.error)")
            #expect(outcome.output.isEmpty)
        }
    }

    @Test(
        "a missing, empty, truncated or foreign baseline: one line, status 3, and nothing runs",
        arguments: ["missing", "empty", "truncated", "foreign", "newer"])
    func unusableBaseline(kind: String) throws {
        let directory = BenchProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("baseline.json")
        switch kind {
        case "empty": try Data().write(to: file)
        case "truncated": try Data("{\"schemaVersion\": 1, \"cases\": [".utf8).write(to: file)
        case "foreign": try Data("[1, 2, 3]".utf8).write(to: file)
        case "newer": try Data("{\"schemaVersion\": \(RunResult.currentSchemaVersion + 1)}".utf8).write(to: file)
        default: break
        }
        let outcome = try BenchProcess.run([
            "--scenario", "cold-load", "--param", "N=200", "--baseline", file.path, "--output", directory.path,
        ])
        #expect(outcome.status == 3, "\(outcome.error)")
        #expect(outcome.errorLines.count == 1, "\(outcome.error)")
        #expect(outcome.error.hasPrefix("bench: error: baseline "))
        // Refused before anything ran: no case's table was printed.
        #expect(!outcome.output.contains("cold-load"), "\(outcome.output)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("results.json").path))
    }

    @Test("merging saved runs pools their rounds")
    func merge() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = try Self.savedRun(in: directory)
        let pooled = directory.appendingPathComponent("pooled.json")
        let outcome = try BenchProcess.run(["merge", baseline.path, baseline.path, "--into", pooled.path])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(try RunResult.read(from: pooled).rounds == 4)
    }

    @Test("compare without --baseline says what to type")
    func compareNeedsBaseline() throws {
        let outcome = try BenchProcess.run(["compare"])
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("Missing expected argument '--baseline <file>'"))
        #expect(outcome.errorLines.count == 1)
    }
}
