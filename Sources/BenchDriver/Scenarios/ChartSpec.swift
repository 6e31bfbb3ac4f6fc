import BenchResults

/// A metric a scenario's sweeps are charted on, and the horizontal lines
/// drawn with it (a frame budget), in the metric's unit.
public struct ChartSpec: Sendable {
    public let metric: MetricID
    public let references: [(value: Double, label: String)]

    public init(_ metric: MetricID, references: [(value: Double, label: String)] = []) {
        self.metric = metric
        self.references = references
    }

    /// The 120 Hz and 60 Hz frame budgets, in microseconds.
    static let frameBudgetsMicroseconds: [(value: Double, label: String)] = [
        (8_333, "8.3 ms: a 120 Hz frame"), (16_667, "16.7 ms: a 60 Hz frame"),
    ]
}
