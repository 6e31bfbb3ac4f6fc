import BenchDriver

/// What `bench` can measure, for people: the stores, the scenarios, their
/// parameters and each profile's values.
public enum Catalog {
    public static var storeNames: [String] { StoreSelection.names }

    /// One line per store: name, family, threading, design.
    public static var storeSummaries: [String] {
        StoreSelection.all.map { "\($0.name): \($0.design.summary)" }
    }

    public static var listing: String {
        var lines = ["Stores: \(StoreSelection.names.joined(separator: ", "))", ""]
        for store in StoreSelection.all {
            let design = store.design
            lines.append("\(design.name) (\(design.family.rawValue), used from \(design.threading.rawValue)): \(design.summary)")
        }
        lines.append("")
        for scenario in ScenarioID.allCases {
            let definition = scenario.definition
            lines.append("\(scenario.rawValue): \(definition.title)  [\(definition.origin)]")
            for spec in definition.parameters {
                let values = "quick \(spec.quick), default \(spec.standard), full \(spec.full)"
                lines.append("    \(spec.name) (\(spec.range.lowerBound)...\(spec.range.upperBound)): \(spec.summary); \(values)")
            }
            for profile in Profile.allCases {
                let cases = definition.cases(for: profile)
                if cases.count > 1 {
                    lines.append("    \(profile) runs \(cases.count) cases: "
                                 + cases.map { definition.label(for: $0) }.joined(separator: "; "))
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
