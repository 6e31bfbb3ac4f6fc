import BenchResults
import StoreInterface

/// A scenario's name, as the command line, results files and reports use it:
/// "tag-rename". Each scenario declares its own in its file; the catalog
/// (`ScenarioCatalog`) lists every scenario once.
public struct ScenarioID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// The scenario named `rawValue`; nil when the catalog has none.
    public init?(rawValue: String) {
        guard ScenarioCatalog.all.contains(where: { $0.id.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// Every scenario, in report order (`bench list`): the catalog's.
    public static var allCases: [ScenarioID] { ScenarioCatalog.all.map { $0.id } }

    /// The scenario's definition, for its metadata.
    public var definition: any BenchScenario.Type {
        guard let scenario = ScenarioCatalog.all.first(where: { $0.id == self }) else {
            preconditionFailure("no scenario '\(rawValue)' in the catalog")
        }
        return scenario
    }

    /// Throws when the parameters do not make a case together.
    public func validate(_ parameters: ParameterSet) throws(ScenarioError) {
        try definition.validate(parameters)
    }

    /// Whether instructions are counted for the scenario's operations.
    public var countsInstructions: Bool { definition.countsInstructions }

    /// Whether the instruction pass counts the case with `parameters`: the
    /// scenario counts instructions, and the case is no larger than its
    /// limit (`BenchScenario.instructionsCountedUpTo`).
    public func countsInstructions(at parameters: ParameterSet) -> Bool {
        guard let limit = definition.instructionsCountedUpTo else { return countsInstructions }
        return countsInstructions && parameters[limit.parameter] <= limit.value
    }

    /// Whether the instruction pass counts the scenario's large operations
    /// whole (see `BenchScenario.countsLargeOperationsWhole`).
    public var countsLargeOperationsWhole: Bool { definition.countsLargeOperationsWhole }

    /// The metric a case's one-line verdict is based on.
    public func headline(for parameters: ParameterSet) -> MetricID {
        definition.headline(for: parameters)
    }

    /// The metrics of a case that must be 0 on some store: every check,
    /// those that hold only where a child's change reaches its parents included.
    public func checks(for parameters: ParameterSet) -> [MetricID] {
        definition.checks(for: parameters) + definition.childChangeChecks(for: parameters)
    }

    /// The metrics of a case that must be 0 on a store of `design`.
    public func checks(for parameters: ParameterSet, on design: StoreDesign) -> [MetricID] {
        design.childChanges == .reachesEveryParent
            ? checks(for: parameters) : definition.checks(for: parameters)
    }

    /// Builds the case's workload, for every store's rounds to share.
    func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> PreparedCase {
        PreparedCase(scenario: self, workload: try definition.prepare(parameters, seed: seed))
    }
}

/// A case's workload, built once and run on every store. Erased between
/// the runner, which holds it, and the round of the scenario that built it,
/// which takes it back as its own type (`workload(of:)`).
@usableFromInline struct PreparedCase: Sendable {
    @usableFromInline let scenario: ScenarioID
    @usableFromInline let workload: any Sendable

    init(scenario: ScenarioID, workload: any Sendable) {
        self.scenario = scenario
        self.workload = workload
    }

    /// The workload, as the scenario that built it typed it.
    @usableFromInline func workload<Scenario: BenchScenario>(of scenario: Scenario.Type) -> Scenario.Workload {
        guard Scenario.id == self.scenario, let workload = workload as? Scenario.Workload else {
            preconditionFailure("a \(self.scenario) workload handed to \(Scenario.id)")
        }
        return workload
    }
}
