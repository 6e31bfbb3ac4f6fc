import BenchMetrics
import BenchReport
import BenchResults
import Testing

/// The report's summary over any number of stores, on a run built by hand.
@Suite("Report summary for N stores")
struct ReportSummaryTests {
    static func run(_ medians: [String: Double]) -> RunResult {
        let metric = MetricDescriptor(id: "op.p50", label: "op p50", unit: "ns", kind: .timing)
        let designs = [("a", "live objects"), ("b", "immutable values"), ("c", "immutable values")].map {
            StoreInfo(name: $0.0, family: $0.1, threading: "any thread", summary: "", floors: [:])
        }
        let stores = designs.map { design in
            let median = medians[design.name]!
            return StoreCaseResult(store: design.name, metrics: [
                MetricSeries(metric: metric, rounds: [0.99, 1.0, 1.01, 1.0, 0.995].map { $0 * median }),
            ])
        }
        let result = CaseResult(scenario: "demo", label: "N=1", parameters: ["N": 1], headline: "op.p50", notes: [],
                                stores: stores)
        return RunResult(
            provenance: Provenance.collect(seed: 1), profile: "custom", rounds: 5, designs: designs,
            harness: HarnessCosts(clock: ClockCalibration(overheadNanoseconds: 30, resolutionNanoseconds: 1),
                                  perSampleNanoseconds: 100, lockCountingNanoseconds: 8),
            floors: [], cases: [result], durationSeconds: 1)
    }

    @Test("names the best store, its lead, and the winning family with both families' best")
    func winnerAndFamily() {
        let context = ReportContext(mechanisms: ["demo": ["Figures: {op.p50}.", "Unused: {absent}."]])
        let report = MarkdownReport.render(Self.run(["a": 300, "b": 100, "c": 200]), context: context)
        #expect(report.contains("- **demo** — op p50 (ns): **b** is best, ahead of the next store by 2.00× (clear in 1 of 1 cases)"))
        #expect(report.contains("families: **immutable values** win by 3.00× in 1 of 1 cases (best of each family: a, b)."))
        #expect(report.contains("Figures: a 300 ns, b 100 ns, c 200 ns."))
        // Each store's cell: the best bare, the others with their factor.
        #expect(report.contains("| demo | N=1 | op p50 (ns) | 300 ×3.00 | 100 | 200 ×2.00 | b |"))
    }

    @Test("stores within noise of each other share the lead and no family wins")
    func withinNoise() {
        let report = MarkdownReport.render(Self.run(["a": 100, "b": 100.2, "c": 100.1]), context: ReportContext())
        #expect(report.contains("no store is clearly best (1 of 1 cases within noise at the top)"))
        #expect(report.contains("families: no significant difference between the families (1 of 1 cases)"))
    }
}
