import BenchTestSupport
import Testing

@testable import BenchResults
@testable import RegressionGate

@Suite("What the gate catches")
struct ToleranceTableTests {
    @Test("each gated figure catches what the gate fails it on, and the table lists the loosest first")
    func catches() throws {
        let rules = GateRules.standard
        func series(_ rounds: [Double], operations: Int? = nil, threads: Bool? = nil) -> MetricSeries {
            MetricSeries(
                metric: MetricDescriptor(
                    id: "op.instructions", label: "op instructions", unit: .perOperation,
                    kind: .instructions, operations: operations, acrossThreads: threads),
                rounds: rounds)
        }
        #expect(rules.smallestCaughtRise(of: series([1_000])) == MetricKind.rebuildTolerance)
        #expect(rules.smallestCaughtRise(of: series([1_000], threads: true)) == MetricKind.schedulingTolerance)
        #expect(rules.smallestCaughtRise(of: series([1_000], operations: 20)) == MetricKind.rebuildTolerance)

        let table = ToleranceTable(baseline: InstructionGateTests.run(instructions: 1_000, operations: 20)).markdown()
        #expect(table.contains("| instruction counts, one thread | 2 | 2 | 2 | 2 | 2 | 2 | 0 |"), "\(table)")
        #expect(table.contains("| exact counts | 2 | 2 | 2 | 2 | 2 | 2 | 0 |"), "\(table)")
        #expect(table.contains("op instructions | 20 | one | 2% |"), "\(table)")
        let timed = table.split(separator: "\n").first { $0.hasPrefix("| timings") }
        #expect(timed?.hasSuffix("| 2 | 0 | 0 | 0 | 0 | 2 | 0 |") == true, "\(table)")
    }

    @Test("a count whose baseline rounds differ catches a rise of its median past their top")
    func countRange() {
        let series = MetricSeries(
            metric: MetricDescriptor(id: "op.mallocs", label: "op mallocs", unit: .perOperation, kind: .count),
            rounds: [3, 3.5, 3, 3, 3])
        let caught = GateRules.standard.smallestCaughtRise(of: series) ?? 0
        #expect(abs(caught - 0.5 / 3) < 1e-5)
    }
}
