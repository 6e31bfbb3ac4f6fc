extension Profile {
    /// The cases of `scenario` a run of the profile measures: the cases the
    /// scenario defines for it (`BenchScenario.cases(for:)`), less those
    /// nothing but the scenario's summary line would read (`CaseReaders`),
    /// unless the profile measures every case (`measuresEveryCase`). A case left
    /// out still runs when asked for with `--param`.
    /// - Complexity: O(*r* · *c*²), *r* the readers defined, *c* the scenario's cases.
    public func measuredCases(of scenario: ScenarioID) -> [ParameterSet] {
        let defined = scenario.definition.cases(for: self)
        guard !measuresEveryCase else { return defined }
        return defined.filter { !CaseReaders.readers(of: $0, scenario, among: defined).isEmpty }
    }
}
