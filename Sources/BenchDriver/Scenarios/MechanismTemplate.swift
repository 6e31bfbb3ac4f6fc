import BenchResults

/// A sentence on why a scenario's stores come out as they do, naming the
/// metrics whose figures the report fills in:
/// `"a held lookup costs \(Metric.heldLookup.p50)"`. Only a `MetricID` can be
/// interpolated, so every figure a sentence names is a metric the scenario
/// declares (a test checks the run produces it).
public struct MechanismTemplate: Sendable, ExpressibleByStringInterpolation {
    /// The sentence with a `{metric-id}` placeholder for each figure, as the
    /// report reads it (`Mechanism`).
    public private(set) var text: String
    /// The metrics the sentence names, in order.
    public private(set) var metrics: [MetricID]
    /// The cases the sentence describes: those whose parameters include
    /// these (every case when empty). Its figures come from one of them.
    public private(set) var parameters: [String: Int] = [:]

    /// This sentence, about the cases whose parameters include `parameters` only.
    func describing(_ parameters: [ParameterSpec: Int]) -> MechanismTemplate {
        var narrowed = self
        narrowed.parameters = parameters.byName
        return narrowed
    }

    public init(stringLiteral value: String) {
        text = value
        metrics = []
    }

    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
        metrics = stringInterpolation.metrics
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        var metrics: [MetricID] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { text += literal }

        public mutating func appendInterpolation(_ metric: MetricID) {
            text += "{\(metric.rawValue)}"
            metrics.append(metric)
        }
    }

    /// Two parts of one sentence, written across lines.
    public static func + (lhs: MechanismTemplate, rhs: MechanismTemplate) -> MechanismTemplate {
        var joined = lhs
        joined.text += rhs.text
        joined.metrics += rhs.metrics
        return joined
    }
}
