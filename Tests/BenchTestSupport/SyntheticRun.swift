import BenchMetrics
import BenchResults
import BenchStatistics

/// Runs built by hand, so every rule is checked against a known answer.
package enum SyntheticRun {
    package static let provenance = Provenance.collect(seed: 42)

    package static func run(
        mallocs: Double = 3, mallocRounds: [Double]? = nil, timing: [Double] = [100, 101, 99, 100, 102],
        extraCase: Bool = true,
        provenance: Provenance = provenance, profile: String = "quick"
    ) -> RunResult {
        let mallocsMetric = MetricDescriptor(id: "op.mallocs", label: "op mallocs", unit: .perOperation, kind: .count)
        let timingMetric = MetricDescriptor(id: "op.p50", label: "op p50", unit: .nanoseconds, kind: .timing)
        let maxMetric = MetricDescriptor(id: "op.max", label: "op max", unit: .nanoseconds, kind: .timing, tail: true)
        let contention = MetricDescriptor(id: "main.contended", label: "contended", unit: .percent, kind: .quantity)
        func store(_ name: String) -> StoreCaseResult {
            StoreCaseResult(
                store: name,
                metrics: [
                    MetricSeries(
                        metric: mallocsMetric, rounds: mallocRounds ?? Array(repeating: mallocs, count: timing.count)),
                    MetricSeries(metric: timingMetric, rounds: timing),
                    MetricSeries(metric: maxMetric, rounds: timing.map { $0 * 10 }),
                    MetricSeries(metric: contention, rounds: timing.map { $0 / 100 }),
                ])
        }
        var cases = [
            CaseResult(
                scenario: "tag-rename", label: "F=10", parameters: ["F": 10], headline: "op.p50",
                notes: [], stores: [store("uniquing"), store("snapshot")])
        ]
        if extraCase {
            cases.append(
                CaseResult(
                    scenario: "churn", label: "N=10", parameters: ["N": 10], headline: "op.p50",
                    notes: [], stores: [store("uniquing"), store("snapshot")]))
        }
        return RunResult(
            provenance: provenance, profile: profile, rounds: timing.count,
            designs: ["uniquing", "snapshot"].map {
                StoreInfo(
                    name: $0, family: $0 == "uniquing" ? .liveObjects : .values, threading: .anyThread,
                    summary: "", floors: [:])
            },
            harness: HarnessCosts(
                clock: ClockCalibration(overheadNanoseconds: 30, resolutionNanoseconds: 1),
                perSampleNanoseconds: 100, lockCountingNanoseconds: 8),
            primitiveCosts: [], cases: cases, durationSeconds: 1)
    }
}
