import BenchDriver

/// What to measure: which scenarios with which parameters, on which stores,
/// how many rounds, from which seed. Checked before anything runs.
public struct RunRequest: Sendable {
    public var profile: Profile
    /// Scenario ids as typed; every scenario when empty.
    public var scenarios: [String]
    /// Store names as typed; every store when empty.
    public var stores: [String]
    /// `--param NAME=VALUE[,VALUE...]` arguments as typed.
    public var parameters: [String]
    /// Independent rounds per case and store; the profile's when nil.
    public var rounds: Int?
    public var seed: UInt64

    public init(
        profile: Profile = .default, scenarios: [String] = [], stores: [String] = [], parameters: [String] = [],
        rounds: Int? = nil, seed: UInt64 = 42
    ) {
        self.profile = profile
        self.scenarios = scenarios
        self.stores = stores
        self.parameters = parameters
        self.rounds = rounds
        self.seed = seed
    }

    /// Throws a usage failure naming what to type instead.
    public func validate() throws(BenchFailure) {
        if let rounds, !(1...100).contains(rounds) {
            throw .usage("--rounds must be between 1 and 100, got \(rounds)")
        }
        _ = try selectedStores()
        try ParameterOverride.validate(try overrides(), for: try selectedScenarios())
        let plan = try plan()
        // A scenario named with --scenario must run; without it, the profile's cases are the run.
        if !scenarios.isEmpty,
            let idle = try selectedScenarios().first(where: { scenario in
                !plan.cases.contains { $0.scenario == scenario }
            })
        {
            throw .usage(
                "the \(profile) profile runs no case of \(idle.rawValue): nothing but its summary line would read "
                    + "one (bench list); run it with --profile quick or full, or name its case with --param")
        }
        for planned in plan.cases {
            do {
                try planned.scenario.validate(planned.parameters)
            } catch {
                throw .usage("\(error); set the parameters with --param")
            }
        }
    }

    /// The cases, stores, rounds and seed to run.
    public func plan() throws(BenchFailure) -> SuitePlan {
        let overrides = try overrides()
        // A case asked for by --param runs whatever reads it: the user asked for it.
        let cases = try selectedScenarios().flatMap { scenario in
            let profileCases =
                overrides.isEmpty
                ? profile.measuredCases(of: scenario) : scenario.definition.cases(for: profile)
            return ParameterOverride.apply(overrides, to: profileCases, of: scenario).map { parameters in
                SuitePlan.Case(scenario: scenario, parameters: parameters)
            }
        }
        return SuitePlan(
            cases: cases, stores: try selectedStores(), rounds: rounds ?? profile.defaultRounds, seed: seed,
            profileName: overrides.isEmpty ? profile.rawValue : "custom")
    }

    /// The request as a command line, for a child process to repeat it.
    public var arguments: [String] {
        ["--profile", profile.rawValue, "--seed", String(seed)]
            + scenarios.flatMap { ["--scenario", $0] }
            + stores.flatMap { ["--store", $0] }
            + parameters.flatMap { ["--param", $0] }
    }

    private func selectedScenarios() throws(BenchFailure) -> [ScenarioID] {
        guard !scenarios.isEmpty else { return ScenarioID.allCases }
        var selected: [ScenarioID] = []
        for name in scenarios {
            guard let scenario = ScenarioID(rawValue: name) else {
                let known = ScenarioID.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage("unknown scenario '\(name)'; use one of: \(known)")
            }
            if !selected.contains(scenario) { selected.append(scenario) }
        }
        return selected
    }

    func selectedStores() throws(BenchFailure) -> [StoreRunner] {
        try StoreSelection.select(stores)
    }

    private func overrides() throws(BenchFailure) -> [ParameterOverride] {
        var result: [ParameterOverride] = []
        for text in parameters { result.append(try ParameterOverride(parsing: text)) }
        return result
    }
}
