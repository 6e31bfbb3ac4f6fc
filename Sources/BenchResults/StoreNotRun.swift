/// A store a case did not run, because a smaller case of the same sweep
/// already settled where the store stands against the sweep's budget: every
/// round of `metric` there took longer than `budget`. What the larger sizes
/// would add is past a budget the store has already missed.
public struct StoreNotRun: Hashable, Sendable, Codable {
    public var store: String
    /// The smaller case of the sweep where the store missed the budget,
    /// "F=1000 holders=1000".
    public var missedAt: String
    public var metric: MetricID
    /// The store's median of `metric` there, in the metric's unit.
    public var median: Double
    /// The budget, in the metric's unit.
    public var budget: Double
    /// The metric's unit.
    public var unit: MetricUnit

    public init(store: String, missedAt: String, metric: MetricID, median: Double, budget: Double, unit: MetricUnit) {
        self.store = store
        self.missedAt = missedAt
        self.metric = metric
        self.median = median
        self.budget = budget
        self.unit = unit
    }
}
