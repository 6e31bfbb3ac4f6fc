/// A metric's id within its scenario, "rename.p50" or "stale": scenarios
/// declare theirs as constants, and claims, checks, headlines and mechanism
/// sentences name those constants. A results file stores the plain string.
package struct MetricID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    package let rawValue: String

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    package var description: String { rawValue }

    package static func < (lhs: MetricID, rhs: MetricID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `self` followed by a dot and `suffix`: a statistic of a measured loop.
    package func appending(_ suffix: String) -> MetricID { MetricID("\(rawValue).\(suffix)") }

    // What a timed loop reports under its id (`RoundMetrics.addLoop`).
    package var p50: MetricID { appending("p50") }
    package var p99: MetricID { appending("p99") }
    package var max: MetricID { appending("max") }
    package var instructions: MetricID { appending("instructions") }
    package var mallocs: MetricID { appending("mallocs") }
    package var bytes: MetricID { appending("bytes") }
    package var locks: MetricID { appending("locks") }

    // What a thread role reports under its name (`addLocks`, `addUsage`).
    package var contended: MetricID { appending("contended") }
    package var lockwait: MetricID { appending("lockwait") }
    package var cpu: MetricID { appending("cpu") }
}
