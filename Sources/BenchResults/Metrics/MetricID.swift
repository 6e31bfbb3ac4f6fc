/// A metric's id within its scenario, "rename.p50" or "stale": scenarios
/// declare theirs as constants, and claims, checks, headlines and mechanism
/// sentences name those constants. A results file stores the plain string.
public struct MetricID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: MetricID, rhs: MetricID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `self` followed by a dot and `suffix`: a statistic of a measured loop.
    public func appending(_ suffix: String) -> MetricID { MetricID("\(rawValue).\(suffix)") }

    // What a timed loop reports under its id (`RoundMetrics.addLoop`).
    public var p50: MetricID { appending("p50") }
    /// The mean per operation with the loop's finish (a settle) shared out:
    /// the statistic an instruction count is, set beside it.
    public var mean: MetricID { appending("mean") }
    public var p99: MetricID { appending("p99") }
    public var max: MetricID { appending("max") }
    public var instructions: MetricID { appending("instructions") }
    public var mallocs: MetricID { appending("mallocs") }
    public var bytes: MetricID { appending("bytes") }
    public var locks: MetricID { appending("locks") }

    /// The operation whose median this is: "rename" for "rename.p50"; nil
    /// for any other metric.
    var operationOfMedian: MetricID? {
        let suffix = ".p50"
        guard rawValue.hasSuffix(suffix) else { return nil }
        return MetricID(String(rawValue.dropLast(suffix.count)))
    }

    // What a thread role reports under its name (`addLocks`, `addUsage`).
    public var contended: MetricID { appending("contended") }
    public var lockwait: MetricID { appending("lockwait") }

    /// Whether the metric counts or times the suite's instrumented lock
    /// (`locks`, `contended`, `lockwait` and its longest), which a library's
    /// own locks never take.
    public var measuresTheSuitesLock: Bool {
        let parts = rawValue.split(separator: ".")
        guard let last = parts.last else { return false }
        return ["locks", "contended", "lockwait"].contains(last)
            || (last == "max" && parts.dropLast().last == "lockwait")
    }
    public var cpu: MetricID { appending("cpu") }
}
