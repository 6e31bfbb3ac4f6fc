/// One knob of a scenario: its name on the command line, what it means, the
/// values it may take, and its value in each profile.
public struct ParameterSpec: Sendable, Hashable {
    public let name: String
    public let summary: String
    public let range: ClosedRange<Int>
    /// The values each profile uses; a profile's cases come from
    /// `BenchScenario.cases(for:)`, which sweeps some of these.
    public let quick: Int
    public let standard: Int
    public let full: Int
    /// Whether the values name variants (a policy, a shape) rather than
    /// amounts: such a parameter is never a chart's axis.
    public let isVariant: Bool

    public init(
        _ name: String, _ summary: String, range: ClosedRange<Int>, quick: Int, standard: Int, full: Int,
        variant: Bool = false
    ) {
        self.name = name
        self.summary = summary
        self.range = range
        self.quick = quick
        self.standard = standard
        self.full = full
        self.isVariant = variant
    }

    public func value(for profile: Profile) -> Int {
        switch profile {
        case .quick: quick
        case .default: standard
        case .full: full
        }
    }
}

/// Values for a scenario's parameters: one case.
public struct ParameterSet: Hashable, Sendable, Codable, CustomStringConvertible {
    public var values: [String: Int]

    public init(_ values: [String: Int]) {
        self.values = values
    }

    public subscript(name: String) -> Int {
        guard let value = values[name] else {
            preconditionFailure("scenario read parameter '\(name)', which it does not declare")
        }
        return value
    }

    /// "F=10000 holders=1000", in the scenario's declaration order.
    public func label(order: [ParameterSpec]) -> String {
        order.compactMap { spec in values[spec.name].map { "\(spec.name)=\($0)" } }.joined(separator: " ")
    }

    public var description: String {
        values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ")
    }
}

extension ParameterSet {
    /// Every parameter at its value in `profile`.
    public static func defaults(_ specs: [ParameterSpec], _ profile: Profile) -> ParameterSet {
        ParameterSet(Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0.value(for: profile)) }))
    }

    /// The defaults of `profile`, once per value of `name` in `values`.
    public static func sweep(
        _ specs: [ParameterSpec], _ profile: Profile, _ name: String, _ values: [Int]
    ) -> [ParameterSet] {
        values.map { value in
            var set = defaults(specs, profile)
            set.values[name] = value
            return set
        }
    }
}
