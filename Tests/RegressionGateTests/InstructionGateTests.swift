import BenchTestSupport
import Testing

@testable import BenchMetrics
@testable import BenchResults
@testable import BenchStatistics
@testable import RegressionGate

@Suite("Instruction-count gate")
struct InstructionGateTests {
    static let counting = InstructionProvenance(valgrind: "valgrind-3.19.0", libc: "glibc 2.36", probe: 3962)

    /// A synthetic run whose stores also report instructions per operation.
    static func run(
        instructions: Double, operations: Int? = nil, acrossThreads: Bool? = nil,
        counting: InstructionProvenance? = counting, provenance: Provenance = SyntheticRun.provenance
    ) -> RunResult {
        var result = SyntheticRun.run(extraCase: false, provenance: provenance)
        let metric = MetricDescriptor(
            id: "op.instructions", label: "op instructions", unit: .perOperation, kind: .instructions,
            operations: operations, acrossThreads: acrossThreads)
        for index in result.cases[0].stores.indices {
            result.cases[0].stores[index].metrics.append(MetricSeries(metric: metric, rounds: [instructions]))
        }
        result.instructionCounting = counting
        return result
    }

    @Test("a change within the tolerance passes, a 10% rise regresses and names the metric")
    func tolerance() throws {
        let baseline = Self.run(instructions: 1_000)
        let drift = try BaselineComparison.compare(baseline: baseline, current: Self.run(instructions: 1_015))
        #expect(drift.passed, "1.5% is within MetricKind.rebuildTolerance")
        let past = try BaselineComparison.compare(baseline: baseline, current: Self.run(instructions: 1_025))
        #expect(past.regressions.count == 2, "2.5% is past it")
        let slower = try BaselineComparison.compare(baseline: baseline, current: Self.run(instructions: 1_100))
        #expect(slower.regressions.map(\.metric?.id) == ["op.instructions", "op.instructions"])
        #expect(slower.regressions.allSatisfy { $0.treatment == .tolerance })
    }

    @Test("a region of 20 operations is gated as one of 2,000: no allowance in instructions over the region")
    func shortRegion() throws {
        for operations in [20, 2_000] {
            let baseline = Self.run(instructions: 4_293, operations: operations)
            let alike = try BaselineComparison.compare(
                baseline: baseline, current: Self.run(instructions: 4_360, operations: operations))
            #expect(alike.passed, "+1.6% over \(operations) operations is within the tolerance")
            let slower = try BaselineComparison.compare(
                baseline: baseline, current: Self.run(instructions: 4_510, operations: operations))
            #expect(slower.regressions.count == 2, "+5.1% over \(operations) operations is past it")
        }
    }

    @Test("a region more than one thread ran in the baseline may rise by as much as scheduling moves it, no more")
    func scheduledRegion() throws {
        for (baselineThreads, currentThreads) in [(true, true), (true, nil)] as [(Bool?, Bool?)] {
            let baseline = Self.run(instructions: 10_431, operations: 2_000, acrossThreads: baselineThreads)
            let rescheduled = try BaselineComparison.compare(
                baseline: baseline,
                current: Self.run(instructions: 10_850, operations: 2_000, acrossThreads: currentThreads))
            #expect(rescheduled.passed, "+4.0% is within MetricKind.schedulingTolerance")
            let slower = try BaselineComparison.compare(
                baseline: baseline,
                current: Self.run(instructions: 11_000, operations: 2_000, acrossThreads: currentThreads))
            #expect(slower.regressions.count == 2, "+5.5% is past it")
        }
        let oneThread = try BaselineComparison.compare(
            baseline: Self.run(instructions: 10_431, operations: 2_000),
            current: Self.run(instructions: 10_850, operations: 2_000))
        #expect(oneThread.regressions.count == 2, "on one thread +4.0% is past the rebuild tolerance")
        let threadAdded = try BaselineComparison.compare(
            baseline: Self.run(instructions: 10_431, operations: 2_000),
            current: Self.run(instructions: 10_850, operations: 2_000, acrossThreads: true))
        #expect(
            threadAdded.regressions.count == 2, "a change that adds a thread to the region does not widen its tolerance"
        )
        #expect(oneThread.gates.contains { $0.contains("more than one thread ran the region") })
    }

    @Test("gated on another host, as long as toolchain, Valgrind, C library and probe match")
    func anyHost() throws {
        var elsewhere = SyntheticRun.provenance
        elsewhere.cpuModel = "another CPU"
        let report = try BaselineComparison.compare(
            baseline: Self.run(instructions: 1_000), current: Self.run(instructions: 1_100, provenance: elsewhere))
        #expect(report.regressions.count == 2, "timings are not gated here, instructions are")
        #expect(report.gates.contains { $0.hasPrefix("timings: not gated") })
    }

    @Test(
        "not gated, and said to be not comparable, when the probe or the pin differs; not counted when the run has none"
    )
    func notComparable() throws {
        let baseline = Self.run(instructions: 1_000)
        var otherProbe = Self.counting
        otherProbe.probe = 4_372
        var otherPin = Self.counting
        otherPin.cLibraryPin = "0badc0de"
        for counting in [otherProbe, otherPin] {
            let report = try BaselineComparison.compare(
                baseline: baseline, current: Self.run(instructions: 2_000, counting: counting))
            guard case .notComparable(let reason) = report.instructionCounts else {
                Issue.record("counted with \(counting.key), compared as \(report.instructionCounts)")
                continue
            }
            #expect(reason.contains(counting.key) && reason.contains(Self.counting.key))
            #expect(report.warnings.contains { $0.contains("instruction counts are not comparable") })
            #expect(report.gates.contains("instructions per operation: not gated (see the warning)"))
        }
        let uncounted = try BaselineComparison.compare(
            baseline: baseline, current: Self.run(instructions: 2_000, counting: nil))
        #expect(uncounted.instructionCounts == .notCounted)
        #expect(uncounted.passed)
        #expect(uncounted.warnings.contains { $0.contains("run with --instructions") })
        let compared = try BaselineComparison.compare(baseline: baseline, current: Self.run(instructions: 1_010))
        #expect(compared.instructionCounts == .compared)
    }
}
