import BenchResults

/// What a report needs to know beyond a `results.json`: facts that live in
/// the scenario definitions (what a parameter means, what others published
/// and claimed), handed in by the caller so this module never depends on the
/// driver.
/// The same context and the same results always render the same bytes.
public struct ReportContext: Sendable {
    /// A published figure to set beside one case: a Rocket Data performance test.
    public struct Reference: Sendable {
        public let scenario: String
        /// The parameter and value that pick the case (for example shape=1).
        public let parameter: String
        public let value: Int
        public let name: String
        /// Each device the source lists and its time, seconds.
        public let published: [PublishedTime]

        public init(scenario: String, parameter: String, value: Int, name: String, published: [PublishedTime]) {
            self.scenario = scenario
            self.parameter = parameter
            self.value = value
            self.name = name
            self.published = published
        }

        /// Whether `result` is the case this figure was published for.
        func matches(_ result: CaseResult) -> Bool {
            result.scenario == scenario && result.parameters[parameter] == value
        }
    }

    /// One device's published time.
    public struct PublishedTime: Sendable {
        public let device: String
        public let seconds: Double

        public init(device: String, seconds: Double) {
            self.device = device
            self.seconds = seconds
        }
    }

    /// Scenario → parameter → one line: what it counts, for chart axes.
    public var parameterSummaries: [String: [String: String]]
    /// Parameters that name a variant rather than a quantity; never a chart axis.
    public var categoricalParameters: Set<String>
    public var references: [Reference]
    /// Where the published figures come from, and why they are not a contest.
    public var referenceNote: String
    /// A sentence explaining a scenario's result, with `{metric-id}`
    /// placeholders for the stores' figures (see `Mechanism`), and the cases
    /// it describes: those whose parameters include `parameters`.
    public struct MechanismSentence: Sendable {
        public let text: String
        public let parameters: [String: Int]

        public init(_ text: String, parameters: [String: Int] = [:]) {
            self.text = text
            self.parameters = parameters
        }
    }

    /// Scenario → sentences explaining its result.
    public var mechanisms: [String: [MechanismSentence]]
    /// What the source systems claimed, and the cases that test each claim.
    public var claims: [SourceClaim]
    /// A figure the summary sets out for every store: scenario, the case's
    /// parameters, metric and what it says.
    public struct KeyFigure: Sendable {
        public let scenario: String
        public let parameters: [String: Int]
        public let metric: MetricID
        public let label: String
        /// Whether its work includes parents' rows showing a child's change,
        /// which a store keeping its children as built leaves undone.
        public let showsChildChanges: Bool

        public init(
            scenario: String, parameters: [String: Int], metric: MetricID, label: String,
            showsChildChanges: Bool = false
        ) {
            self.scenario = scenario
            self.parameters = parameters
            self.metric = metric
            self.label = label
            self.showsChildChanges = showsChildChanges
        }
    }

    /// What a chooser trades for speed: memory and correctness, per store.
    public var tradeOffs: [KeyFigure]
    /// The decision table's costs: what a user waits for, per store.
    public var decisions: [KeyFigure]
    /// The decision table's scaling: a swept parameter's largest value whose
    /// figure fits a frame.
    public struct Scaling: Sendable {
        public let scenario: String
        public let parameter: String
        public let parameters: [String: Int]
        public let metric: MetricID
        public let label: String
        public let budgetSeconds: Double
        /// Whether its work includes parents' rows showing a child's change.
        public let showsChildChanges: Bool

        public init(
            scenario: String, parameter: String, parameters: [String: Int], metric: MetricID, label: String,
            budgetSeconds: Double, showsChildChanges: Bool = false
        ) {
            self.scenario = scenario
            self.parameter = parameter
            self.parameters = parameters
            self.metric = metric
            self.label = label
            self.budgetSeconds = budgetSeconds
            self.showsChildChanges = showsChildChanges
        }
    }

    public var scaling: [Scaling]

    /// A metric charted across a scenario's sweeps, with its reference lines.
    public struct Chart: Sendable {
        public let metric: MetricID
        public let references: [(value: Double, label: String)]

        public init(metric: MetricID, references: [(value: Double, label: String)] = []) {
            self.metric = metric
            self.references = references
        }
    }

    /// Scenario → the metrics its sweeps are charted on (its headline when absent).
    public var charts: [String: [Chart]]

    public init(
        parameterSummaries: [String: [String: String]] = [:], categoricalParameters: Set<String> = [],
        references: [Reference] = [], referenceNote: String = "", mechanisms: [String: [MechanismSentence]] = [:],
        claims: [SourceClaim] = [], tradeOffs: [KeyFigure] = [], decisions: [KeyFigure] = [],
        scaling: [Scaling] = [], charts: [String: [Chart]] = [:]
    ) {
        self.parameterSummaries = parameterSummaries
        self.categoricalParameters = categoricalParameters
        self.references = references
        self.referenceNote = referenceNote
        self.mechanisms = mechanisms
        self.claims = claims
        self.tradeOffs = tradeOffs
        self.decisions = decisions
        self.scaling = scaling
        self.charts = charts
    }
}
