import Foundation

extension RunResult {
    /// One row per case, store and metric: the medians and intervals of
    /// `results.json`, the best store of the metric and how far behind each
    /// other store is, for spreadsheets and plotting tools.
    public func csv() -> Data {
        var lines = [
            "scenario,case,store,metric,label,unit,kind,median,ci_low,ci_high,rounds,noisy,best,factor_vs_best,significantly_worse"
        ]
        for result in cases {
            for store in result.stores {
                for series in store.metrics {
                    let ranking = result.ranking(series.metric.id)
                    let standing = ranking?.standing(of: store.store)
                    let summary = series.summary
                    lines.append(
                        [
                            result.scenario, result.label, store.store, series.metric.id.rawValue, series.metric.label,
                            series.metric.unit.rawValue, series.metric.kind.rawValue,
                            Self.number(summary.median), Self.number(summary.confidenceLow),
                            Self.number(summary.confidenceHigh),
                            String(summary.count), summary.isNoisy ? "yes" : "no",
                            ranking?.best ?? "",
                            ranking.map { _ in standing.map { Self.number($0.factor) } ?? "1" } ?? "",
                            ranking.map { _ in standing?.isWorse == true ? "yes" : "no" } ?? "",
                        ].map(Self.field).joined(separator: ","))
                }
            }
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.6g", value)
    }

    private static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
