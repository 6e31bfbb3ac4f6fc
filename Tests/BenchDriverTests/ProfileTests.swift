import Testing

@testable import BenchDriver

@Suite("Profiles")
struct ProfileTests {
    @Test("every case of every profile is in range and makes a case", arguments: Profile.allCases)
    func casesValidate(profile: Profile) throws {
        for scenario in ScenarioID.allCases {
            let specs = scenario.definition.parameters
            for parameters in scenario.definition.cases(for: profile) {
                for spec in specs {
                    #expect(spec.range.contains(parameters[spec]), "\(scenario) \(parameters) \(spec.name)")
                }
                #expect(throws: Never.self, "\(scenario) \(parameters)") { try scenario.validate(parameters) }
            }
        }
    }
}
