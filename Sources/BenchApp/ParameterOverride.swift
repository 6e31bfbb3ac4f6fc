import BenchDriver

/// `--param NAME=VALUE[,VALUE...]`: set a parameter, or sweep it.
struct ParameterOverride: Hashable {
    let name: String
    let values: [Int]

    /// Parses one `--param` argument.
    init(parsing text: String) throws(BenchFailure) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .usage("--param needs NAME=VALUE (for example --param N=10000 or --param F=100,1000), got '\(text)'")
        }
        var values: [Int] = []
        for item in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = item.filter { $0 != "_" }
            guard let value = Int(trimmed) else {
                throw .usage("--param \(parts[0]): '\(item)' is not a whole number; write it like 10000")
            }
            values.append(value)
        }
        name = parts[0]
        self.values = values
    }

    /// Applies the overrides to a scenario's cases. A case is repeated once
    /// per value of a swept parameter; identical cases are kept once.
    static func apply(
        _ overrides: [ParameterOverride], to cases: [ParameterSet], of scenario: ScenarioID
    ) -> [ParameterSet] {
        let known = Set(scenario.definition.parameters.map(\.name))
        var result = cases
        for override in overrides where known.contains(override.name) {
            result = result.flatMap { set in
                override.values.map { value in
                    var changed = set
                    changed.values[override.name] = value
                    return changed
                }
            }
        }
        var seen = Set<ParameterSet>()
        return result.filter { seen.insert($0).inserted }
    }

    /// Checks the overrides against the selected scenarios: every name must
    /// belong to one of them, every value be in its range.
    static func validate(_ overrides: [ParameterOverride], for scenarios: [ScenarioID]) throws(BenchFailure) {
        var named = Set<String>()
        for override in overrides {
            guard named.insert(override.name).inserted else {
                throw .usage(
                    "--param \(override.name) is given twice; sweep it with one list instead: --param \(override.name)=A,B"
                )
            }
            let specs = scenarios.compactMap { scenario in
                scenario.definition.parameters.first { $0.name == override.name }.map { (scenario, $0) }
            }
            guard !specs.isEmpty else {
                let names = Set(scenarios.flatMap { $0.definition.parameters.map(\.name) }).sorted()
                throw .usage(
                    "no selected scenario has a parameter '\(override.name)'; they have: \(names.joined(separator: ", ")) (see bench list)"
                )
            }
            for (scenario, spec) in specs {
                for value in override.values where !spec.range.contains(value) {
                    throw .usage(
                        "\(scenario.rawValue) parameter \(spec.name)=\(value) is out of range; use \(spec.range.lowerBound)...\(spec.range.upperBound)"
                    )
                }
            }
        }
    }
}
