import ArgumentParser
import BenchDriver

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the stores, the scenarios, their parameters and their values per profile."
    )

    func run() {
        print("Stores: \(StoreSelection.names.joined(separator: ", "))\n")
        for store in StoreSelection.all {
            let design = store.design
            print("\(design.name) (\(design.family.rawValue), used from \(design.threading.rawValue)): \(design.summary)")
        }
        print("")
        for scenario in ScenarioID.allCases {
            let definition = scenario.definition
            print("\(scenario.rawValue): \(definition.title)  [\(definition.origin)]")
            for spec in definition.parameters {
                let values = "quick \(spec.quick), default \(spec.standard), full \(spec.full)"
                print("    \(spec.name) (\(spec.range.lowerBound)...\(spec.range.upperBound)): \(spec.summary); \(values)")
            }
            for profile in Profile.allCases {
                let cases = definition.cases(for: profile)
                if cases.count > 1 {
                    print("    \(profile) runs \(cases.count) cases: "
                          + cases.map { definition.label(for: $0) }.joined(separator: "; "))
                }
            }
            print("")
        }
    }
}
