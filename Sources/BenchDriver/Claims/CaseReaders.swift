import BenchResults

/// What reads a case of a profile: the claims judged on it, the decision
/// table's and the scaling table's columns and the trade-offs read from it,
/// the sweep charts it is a point of. Every case is also read by its
/// scenario's summary line, which is not listed.
public enum CaseReaders {
    /// The readers of `parameters`, a case of `scenario`, among `cases`, all
    /// the cases of that scenario in one profile.
    /// - Complexity: O(*r* · *c*), *r* the readers defined, *c* the cases.
    public static func readers(
        of parameters: ParameterSet, _ scenario: ScenarioID, among cases: [ParameterSet]
    ) -> [String] {
        let values = parameters.values
        func matches(_ wanted: [String: Int]) -> Bool { wanted.allSatisfy { values[$0.key] == $0.value } }
        /// A key figure reads the first case whose parameters include its own.
        func firstMatch(_ wanted: [String: Int]) -> Bool {
            cases.first { candidate in wanted.allSatisfy { candidate.values[$0.key] == $0.value } }?.values == values
        }
        var readers: [String] = []
        for (index, claim) in SourceClaim.all.enumerated()
        where claim.tests.contains(where: { $0.scenario == scenario.rawValue && reads($0, matches) }) {
            readers.append("claim \(index + 1) (\(claim.source))")
        }
        for figure in KeyFigure.decisions where figure.scenario == scenario && firstMatch(figure.parameters) {
            readers.append("decision table: \(figure.label)")
        }
        for figure in KeyFigure.tradeOffs where figure.scenario == scenario && firstMatch(figure.parameters) {
            readers.append("trade-offs: \(figure.label)")
        }
        for figure in ScalingFigure.all
        where figure.scenario == scenario && values[figure.parameter] != nil && matches(figure.parameters) {
            readers.append("scaling table: \(figure.label)")
        }
        // As the report draws them: a parameter that is not a variant, taking
        // three values or more among cases alike in every other parameter.
        let variants = Set(scenario.definition.parameters.filter(\.isVariant).map(\.name))
        let swept = values.keys.sorted().filter { name in
            guard !variants.contains(name) else { return false }
            let alike = cases.filter { other in
                other.values.filter { $0.key != name } == values.filter { $0.key != name }
            }
            return Set(alike.compactMap { $0.values[name] }).count >= 3
        }
        if !swept.isEmpty {
            readers.append("charts by " + swept.joined(separator: ", "))
        }
        return readers
    }

    /// Whether `test` reads a case its parameters `match`: one it tests, or,
    /// for an improvement, the case it is measured against (the "before").
    private static func reads(_ test: ClaimTest, _ matches: ([String: Int]) -> Bool) -> Bool {
        guard case .improvesOn(let before, _) = test.rule else { return matches(test.parameters) }
        return matches(test.parameters) || matches(test.parameters.merging(before) { $1 })
    }
}
