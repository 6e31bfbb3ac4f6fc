/// One knob of a scenario: its name on the command line, what it means, the
/// values it may take, and its value in each profile.
public struct ParameterSpec: Sendable, Hashable {
    public let name: String
    public let summary: String
    public let range: ClosedRange<Int>
    /// The most a test's tiny case uses, so every scenario runs on every
    /// store in a blink (`tinyValue`); nil for a variant, kept as it is.
    public let tiny: Int?
    /// The values each profile uses; a profile's cases come from
    /// `BenchScenario.cases(for:)`, which sweeps some of these.
    public let quick: Int
    public let standard: Int
    public let full: Int
    /// Whether the values name variants (a policy, a shape) rather than
    /// amounts: such a parameter is never a chart's axis.
    public let isVariant: Bool

    /// An amount: its tiny size for tests beside each profile's value.
    public init(
        _ name: String, _ summary: String, range: ClosedRange<Int>, tiny: Int, quick: Int, standard: Int, full: Int
    ) {
        self.name = name
        self.summary = summary
        self.range = range
        self.tiny = tiny
        self.quick = quick
        self.standard = standard
        self.full = full
        self.isVariant = false
    }

    /// A variant (a policy, a shape): no tiny size, a tiny case keeps it.
    public init(
        variant name: String, _ summary: String, range: ClosedRange<Int>, quick: Int, standard: Int, full: Int
    ) {
        self.name = name
        self.summary = summary
        self.range = range
        self.tiny = nil
        self.quick = quick
        self.standard = standard
        self.full = full
        self.isVariant = true
    }

    /// `value` shrunk to this parameter's tiny size, for a test.
    @usableFromInline func tinyValue(_ value: Int) -> Int {
        tiny.map { min(value, $0) } ?? value
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

    /// The value of one of the scenario's parameters, read through its
    /// declaration (`Scenario.Parameter`): a name the scenario does not
    /// declare does not compile.
    public subscript(parameter: ParameterSpec) -> Int {
        get {
            guard let value = values[parameter.name] else {
                preconditionFailure("a case without parameter '\(parameter.name)', which its scenario declares")
            }
            return value
        }
        set { values[parameter.name] = newValue }
    }

    /// "F=10000 holders=1000", in the scenario's declaration order.
    public func label(order: [ParameterSpec]) -> String {
        order.compactMap { spec in values[spec.name].map { "\(spec.name)=\($0)" } }.joined(separator: " ")
    }

    public var description: String {
        values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ")
    }
}

extension Dictionary where Key == ParameterSpec, Value == Int {
    /// The values by the parameters' names, as results files keep them.
    var byName: [String: Int] {
        [String: Int](uniqueKeysWithValues: map { ($0.key.name, $0.value) })
    }
}

extension ParameterSet {
    /// Every parameter at its value in `profile`.
    public static func defaults(_ specs: [ParameterSpec], _ profile: Profile) -> ParameterSet {
        ParameterSet(Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0.value(for: profile)) }))
    }

    /// The defaults of `profile`, once per value of `parameter` in `values`.
    public static func sweep(
        _ specs: [ParameterSpec], _ profile: Profile, _ parameter: ParameterSpec, _ values: [Int]
    ) -> [ParameterSet] {
        values.map { value in
            var set = defaults(specs, profile)
            set[parameter] = value
            return set
        }
    }
}
