import BenchStatistics
import BenchTestSupport
import Foundation
import Testing

@testable import BenchResults

@Suite("Pooling runs into a baseline")
struct MergeTests {
    @Test("merged runs pool their rounds and recompute summaries and comparisons")
    func pools() throws {
        let first = SyntheticRun.run(timing: [100, 101, 99, 100, 102])
        let second = SyntheticRun.run(timing: [150, 151, 149, 150, 152])
        let merged = try RunResult.merging([first, second])
        #expect(merged.rounds == 10)
        let series = try #require(merged.cases.first?.store("uniquing")?.metric("op.p50"))
        #expect(series.rounds == [100, 101, 99, 100, 102, 150, 151, 149, 150, 152])
        #expect(series.summary.count == 10)
        #expect(merged.cases.allSatisfy { !$0.rankings.isEmpty })
        #expect(merged.provenance.arguments.first == "merged from 2 runs")
    }

    @Test("an instruction count is of a region several threads ran when it was so in any pooled run")
    func acrossThreadsPooled() throws {
        let metric = MetricDescriptor(
            id: "op.instructions", label: "op instructions", unit: .perOperation, kind: .instructions)
        func run(acrossThreads: Bool?) -> RunResult {
            var result = SyntheticRun.run(timing: [100, 101, 99, 100, 102])
            var counted = metric
            counted.acrossThreads = acrossThreads
            result.cases[0].stores[0].metrics.append(MetricSeries(metric: counted, rounds: [1_000]))
            return result
        }
        for runs in [
            [run(acrossThreads: nil), run(acrossThreads: true)], [run(acrossThreads: true), run(acrossThreads: nil)],
        ] {
            let merged = try RunResult.merging(runs)
            #expect(merged.cases[0].stores[0].metric("op.instructions")?.metric.acrossThreads == true)
        }
        let oneThread = try RunResult.merging([run(acrossThreads: nil), run(acrossThreads: nil)])
        #expect(oneThread.cases[0].stores[0].metric("op.instructions")?.metric.acrossThreads == nil)
    }

    @Test(
        "runs split from one run pool into it: a figure one run counted is kept, and each figure's drift is the halves'"
    )
    func poolsHalvesWithDrift() throws {
        let metric = MetricDescriptor(
            id: "op.instructions", label: "op instructions", unit: .perOperation, kind: .instructions)
        var counted = SyntheticRun.run(timing: [150, 149, 151])
        counted.cases[0].stores[0].metrics.append(MetricSeries(metric: metric, rounds: [1_000]))
        counted.instructionCounting = InstructionProvenance(valgrind: "valgrind-3.19.0", libc: "2.36", probe: 6_373)
        let timed = SyntheticRun.run(timing: [100, 101])
        let pooled = try RunResult.merging([counted, timed], recordingDrift: true)
        let timing = try #require(pooled.cases[0].store("uniquing")?.metric("op.p50"))
        #expect(timing.rounds == [150, 149, 151, 100, 101])
        #expect(abs(try #require(timing.drift) - log(150 / 100.5)) < 1e-9)
        let instructions = try #require(pooled.cases[0].store("uniquing")?.metric("op.instructions"))
        #expect(instructions.rounds == [1_000] && instructions.drift == nil)
        #expect(pooled.instructionCounting == counted.instructionCounting)
        #expect(pooled.driftCommit == SyntheticRun.provenance.commit)
        let plain = try RunResult.merging([counted, timed])
        #expect(plain.cases[0].store("uniquing")?.metric("op.p50")?.drift == nil && plain.driftCommit == nil)
    }

    @Test("runs of other seeds or other cases are refused")
    func refuses() {
        var other = SyntheticRun.provenance
        other.seed = 9
        #expect(throws: OutputError.self) {
            try RunResult.merging([SyntheticRun.run(), SyntheticRun.run(provenance: other)])
        }
        #expect(throws: OutputError.self) {
            try RunResult.merging([SyntheticRun.run(), SyntheticRun.run(extraCase: false)])
        }
    }

    @Test("runs from another host, toolchain or commit are refused", arguments: ["cpu", "toolchain", "commit"])
    func refusesMixedProvenance(_ field: String) {
        var other = SyntheticRun.provenance
        switch field {
        case "cpu": other.cpuModel = "Another CPU"
        case "toolchain": other.toolchain = "Swift version 9.9"
        default: other.commit = "0123456789abcdef"
        }
        #expect(throws: OutputError.self) {
            try RunResult.merging([SyntheticRun.run(), SyntheticRun.run(provenance: other)])
        }
    }
}
