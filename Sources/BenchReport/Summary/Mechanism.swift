import BenchResults

/// Why a scenario comes out as it does, in sentences the scenario itself
/// writes (`ReportContext.mechanisms`): each `{metric-id}` in a template
/// becomes every store's median of that metric, "uniquing-locked 416 µs,
/// snapshot-flat 380 µs", or "not measured" (allocations under a sanitizer).
/// Every figure of a sentence comes from one case it describes, named after it.
enum Mechanism {
    /// Each sentence whose cases ran, its figures from the first of `cases`
    /// (in the order given: the most telling first) that it describes.
    static func sentences(
        for cases: [CaseResult], stores: [String], templates: [ReportContext.MechanismSentence]
    ) -> [String] {
        templates.compactMap { template in
            let described = cases.filter { result in
                template.parameters.allSatisfy { result.parameters[$0.key] == $0.value }
            }
            for result in described {
                if let text = render(template.text, result, stores) {
                    return cases.count > 1 ? "\(text) (\(result.label.isEmpty ? "the case" : result.label))" : text
                }
            }
            return nil
        }
    }

    /// The template with its figures, or nil when the case has none of them.
    static func render(_ template: String, _ result: CaseResult, _ stores: [String]) -> String? {
        var text = ""
        var measured = false
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            text += rest[..<open]
            let id = MetricID(String(rest[rest.index(after: open)..<close]))
            if let figures = figures(id, result, stores) {
                text += figures
                measured = true
            } else {
                text += "not measured"
            }
            rest = rest[rest.index(after: close)...]
        }
        return measured ? text + rest : nil
    }

    /// "uniquing-locked 416 µs, snapshot-embedded 18,694 µs".
    static func figures(_ id: MetricID, _ result: CaseResult, _ stores: [String]) -> String? {
        let parts = stores.compactMap { store -> String? in
            guard let series = result.store(store)?.metric(id) else { return nil }
            return "\(store) \(quantity(series.median, unit: series.metric.unit))"
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func quantity(_ value: Double, unit: MetricUnit) -> String {
        switch unit {
        case .count, .perOperation, .perMillion: NumberFormat.value(value)
        case .percent: NumberFormat.value(value) + "%"
        default: NumberFormat.value(value) + " \(unit)"
        }
    }
}
