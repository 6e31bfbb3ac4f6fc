/// The unit a metric is reported in. Its raw value is what results files
/// hold and what the report prints after a figure.
public enum MetricUnit: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case nanoseconds = "ns"
    case microseconds = "µs"
    case milliseconds = "ms"
    case seconds = "s"
    case percent = "%"
    case bytes
    /// A whole number of things: models, notifications, threads.
    case count
    /// Per operation of the case's loop: allocations, lock acquisitions.
    case perOperation = "per op"
    case perModel = "per model"
    case perMillion = "per million"
    case operationsPerSecond = "ops/s"

    public var description: String { rawValue }

    /// How many seconds one of this unit is; nil unless it is a time.
    public var secondsPerUnit: Double? {
        switch self {
        case .nanoseconds: 1e-9
        case .microseconds: 1e-6
        case .milliseconds: 1e-3
        case .seconds: 1
        default: nil
        }
    }

    /// `value` in `unit` expressed in `target`; nil unless both are times.
    public static func convert(_ value: Double, from unit: MetricUnit, to target: MetricUnit) -> Double? {
        guard let from = unit.secondsPerUnit, let to = target.secondsPerUnit else { return nil }
        return value * from / to
    }

    /// `nanoseconds` in this unit, which must be a time.
    public func fromNanoseconds(_ nanoseconds: Double) -> Double {
        switch self {
        case .nanoseconds: nanoseconds
        case .microseconds: nanoseconds / 1_000
        case .milliseconds: nanoseconds / 1_000_000
        case .seconds: nanoseconds / 1_000_000_000
        default: preconditionFailure("\(self) is not a time")
        }
    }
}
