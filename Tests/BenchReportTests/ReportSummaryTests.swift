@testable import BenchMetrics
@testable import BenchStatistics
@testable import BenchReport
@testable import BenchResults
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

    static let values = DesignSelector(family: "immutable values", label: "immutable values")

    static func claims(_ tests: [ClaimTest]) -> ReportContext {
        ReportContext(claims: [SourceClaim(source: "Seed", statement: "Values win.", favours: values, tests: tests)])
    }

    @Test("a claim holds when the favoured family's best is better, with the figures that decide it")
    func claimHolds() {
        let context = Self.claims([ClaimTest(scenario: "demo", metric: "op.p50", rule: .familyWithin(1.25))])
        let report = MarkdownReport.render(Self.run(["a": 300, "b": 100, "c": 200]), context: context)
        #expect(report.contains("## What the sources claimed, and what we measured"))
        #expect(report.contains("| 1 | Seed | Values win. | immutable values | **holds** |"))
        #expect(report.contains("| 1 | demo | N=1 | op p50 (ns) | within 1.25× of the other designs' best, or better | yes | "
                                + "b 100 ns against a 300 ns: 3.00× better | 300 | **100** | **200** |"))
    }

    @Test("a family beyond its allowance fails the claim; within it, it holds")
    func claimFamilyAllowance() {
        let worse = MarkdownReport.render(Self.run(["a": 100, "b": 200, "c": 300]),
                                          context: Self.claims([ClaimTest(scenario: "demo", metric: "op.p50",
                                                                          rule: .familyWithin(1.25))]))
        #expect(worse.contains("| immutable values | **does not hold here** |"))
        #expect(worse.contains("| no | b 200 ns against a 100 ns: 2.00× worse |"))
        let allowed = MarkdownReport.render(Self.run(["a": 100, "b": 200, "c": 300]),
                                            context: Self.claims([ClaimTest(scenario: "demo", metric: "op.p50",
                                                                            rule: .familyWithin(2.5))]))
        #expect(allowed.contains("| immutable values | **holds** |"))
    }

    @Test("a limit names the favoured stores beyond it, and says where the other designs meet it")
    func claimLimit() {
        let run = Self.run(["a": 120, "b": 100, "c": 200])
        let some = MarkdownReport.render(run, context: Self.claims([
            ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(150, meaning: "a budget")),
        ]))
        // c fails where the other family's a meets the limit: the failing is the favoured design's own.
        #expect(some.contains("| **holds only for b**; where it does not, every other design meets the test |"))
        #expect(some.contains("| ≤ 150 ns (a budget) | no | beyond it: c 200 ns |"))
        let every = MarkdownReport.render(run, context: Self.claims([
            ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(250, meaning: "a budget")),
        ]))
        #expect(every.contains("| **holds**; so do the other designs here, so it does not set them apart |"))
        #expect(every.contains("| yes | met by b, c |"))
    }

    @Test("a claim whose cases did not run says so instead of judging")
    func claimNotMeasured() {
        let report = MarkdownReport.render(Self.run(["a": 1, "b": 1, "c": 1]), context: Self.claims([
            ClaimTest(scenario: "demo", parameters: ["N": 2], metric: "op.p50", rule: .familyWithin(1)),
            ClaimTest(scenario: "absent", metric: "op.p50", rule: .familyWithin(1)),
        ]))
        #expect(report.contains("| not measured in this run (the full profile runs every case it needs) |"))
        #expect(!report.contains("The tests, case by case"))
    }
}
