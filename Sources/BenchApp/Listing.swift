import BenchDriver
import Foundation

/// What `bench` can measure, for people: the stores, the scenarios, their
/// parameters and each profile's values.
public enum Listing {
    public static var storeNames: [String] { StoreSelection.names }

    /// One line per store: its name and its design.
    public static var storeSummaries: [String] {
        StoreSelection.all.map { "\($0.name): \($0.design.summary)" }
    }

    /// The ids of the scenarios a run of `profile` measures (those with a
    /// case in `Profile.measuredCases(of:)`), a line each, in the order it
    /// measures them.
    public static func scenarioIDs(of profile: Profile) -> String {
        ScenarioID.allCases.filter { !profile.measuredCases(of: $0).isEmpty }.map(\.rawValue).joined(separator: "\n")
    }

    /// Every store and scenario, for people (`bench list`).
    public static var text: String {
        var lines = ["Stores: \(StoreSelection.names.joined(separator: ", "))", ""]
        for store in StoreSelection.all {
            let design = store.design
            lines.append(
                "\(design.name) (\(design.family.rawValue), used from \(design.threading.rawValue)): \(design.summary)")
        }
        lines.append("")
        for scenario in ScenarioID.allCases {
            let definition = scenario.definition
            lines.append("\(scenario.rawValue): \(definition.title)  [\(definition.origin)]")
            for spec in definition.parameters {
                let values = "quick \(spec.quick), default \(spec.standard), full \(spec.full)"
                lines.append(
                    "    \(spec.name) (\(spec.range.lowerBound)...\(spec.range.upperBound)): \(spec.summary); \(values)"
                )
            }
            for profile in Profile.allCases {
                let cases = definition.cases(for: profile)
                let measured = profile.measuredCases(of: scenario)
                lines.append(
                    "    \(profile) runs \(measured.count == 1 ? "1 case" : "\(measured.count) cases"), each read by "
                        + "the scenario's summary line and:")
                for parameters in cases {
                    let readers = CaseReaders.readers(of: parameters, scenario, among: cases)
                    let read = readers.isEmpty ? "nothing else" : readers.joined(separator: "; ")
                    let runs = measured.contains(parameters) ? "" : ", so not run (--param runs it)"
                    lines.append("      \(definition.label(for: parameters)): \(read)\(runs)")
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The same listing as data, for scripts: every store's design and every
    /// scenario's parameters and cases per profile.
    public static var json: String {
        struct Store: Encodable {
            let name, family, threading, summary, modelledOn: String
            let isUpperBound, keepsDeadObservers: Bool
        }
        struct Parameter: Encodable {
            let name, summary: String
            let minimum, maximum, quick, standard, full: Int
            let isVariant: Bool
        }
        struct Scenario: Encodable {
            let id, title, origin: String
            let parameters: [Parameter]
            /// Profile → the labels of the cases it runs.
            let cases: [String: [String]]
        }
        struct Document: Encodable {
            let stores: [Store]
            let scenarios: [Scenario]
        }
        let document = Document(
            stores: StoreSelection.all.map(\.design).map {
                Store(
                    name: $0.name, family: $0.family.rawValue, threading: $0.threading.rawValue, summary: $0.summary,
                    modelledOn: $0.modelledOn, isUpperBound: $0.isUpperBound, keepsDeadObservers: $0.keepsDeadObservers)
            },
            scenarios: ScenarioID.allCases.map { scenario in
                let definition = scenario.definition
                return Scenario(
                    id: scenario.rawValue, title: definition.title, origin: definition.origin,
                    parameters: definition.parameters.map {
                        Parameter(
                            name: $0.name, summary: $0.summary, minimum: $0.range.lowerBound,
                            maximum: $0.range.upperBound, quick: $0.quick, standard: $0.standard, full: $0.full,
                            isVariant: $0.isVariant)
                    },
                    cases: Dictionary(
                        uniqueKeysWithValues: Profile.allCases.map { profile in
                            ("\(profile)", profile.measuredCases(of: scenario).map { definition.label(for: $0) })
                        }))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings and integers always encode.
        return (try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
