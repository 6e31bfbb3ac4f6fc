/// The time units metrics are reported in, so a published figure can be set
/// beside a measured one.
public enum TimeUnits {
    private static let seconds = ["ns": 1e-9, "µs": 1e-6, "ms": 1e-3, "s": 1.0]

    /// `value` in `unit` expressed in `target`; nil unless both are time units.
    public static func convert(_ value: Double, from unit: String, to target: String) -> Double? {
        guard let from = seconds[unit], let to = seconds[target] else { return nil }
        return value * from / to
    }
}
