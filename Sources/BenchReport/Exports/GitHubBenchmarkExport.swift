import BenchResults
import Foundation

/// The `customSmallerIsBetter` JSON that github-action-benchmark charts over
/// time: one entry per case, store and gated metric whose smaller value is
/// better (higher-is-better metrics such as throughput are left out, as the
/// format cannot say so).
enum GitHubBenchmarkExport {
    private struct Entry: Encodable {
        let name: String
        let unit: String
        let value: Double
        let range: String
        let extra: String
    }

    public static func json(_ run: RunResult) -> Data {
        var entries: [Entry] = []
        for result in run.cases {
            for store in result.stores {
                for series in store.metrics where series.metric.lowerIsBetter && !series.metric.informational {
                    let summary = series.summary
                    guard summary.median.isFinite else { continue }
                    let halfWidth = (summary.confidenceHigh - summary.confidenceLow) / 2
                    entries.append(
                        Entry(
                            name: "\(result.scenario) \(result.label) — \(store.store) — \(series.metric.label)",
                            unit: series.metric.unit.rawValue,
                            value: summary.median,
                            range: "± \(NumberFormat.value(halfWidth))",
                            extra: "\(summary.count) rounds; 95% interval \(NumberFormat.value(summary.confidenceLow))"
                                + "...\(NumberFormat.value(summary.confidenceHigh))"))
                }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(entries) + Data("\n".utf8)
        } catch {
            preconditionFailure("strings and finite numbers always encode: \(error)")
        }
    }
}
