
/// Something the authors of a source system claimed, the design it favours,
/// and the cases of a run that test it. The report judges it from the run's
/// figures alone (`ClaimVerdict`), so a claim's verdict is as reproducible
/// as the rest of the report.
public struct SourceClaim: Sendable {
    /// Who claimed it: "Vesper (Brent Simmons, 2014)".
    public let source: String
    /// The claim, as its source put it.
    public let statement: String
    public let favours: DesignSelector
    /// Each a scenario's cases, one of their metrics and what the figure
    /// must satisfy for the claim to hold there.
    public let tests: [ClaimTest]

    public init(source: String, statement: String, favours: DesignSelector, tests: [ClaimTest]) {
        self.source = source
        self.statement = statement
        self.favours = favours
        self.tests = tests
    }
}

/// The stores of one design: a family, optionally narrowed to where they
/// may be used ("main thread"). Matched against the run's `StoreInfo`, so a
/// claim names a design, never a store.
public struct DesignSelector: Sendable {
    /// "immutable values" or "live objects", as `StoreInfo.family`.
    public let family: String
    /// As `StoreInfo.threading`; nil for every store of the family.
    public let threading: String?
    /// For people: "live objects on the main thread".
    public let label: String

    public init(family: String, threading: String? = nil, label: String) {
        self.family = family
        self.threading = threading
        self.label = label
    }

    public func matches(_ design: StoreInfo) -> Bool {
        design.family == family && (threading == nil || design.threading == threading)
    }
}

/// One way a run tests a claim: the cases of `scenario` whose parameters
/// include `parameters` (every case when empty), judged on `metric`.
public struct ClaimTest: Sendable {
    public let scenario: String
    public let parameters: [String: Int]
    public let metric: MetricID
    public let rule: ClaimRule

    public init(scenario: String, parameters: [String: Int] = [:], metric: MetricID, rule: ClaimRule) {
        self.scenario = scenario
        self.parameters = parameters
        self.metric = metric
        self.rule = rule
    }
}

/// What a case's figures must show for a claim to hold in it.
public enum ClaimRule: Sendable {
    /// The favoured family's best store is better than the other family's
    /// best, not significantly different, or at most this many times worse.
    case familyWithin(Double)
    /// Every favoured store's median is at most `limit`, in the metric's
    /// unit; `meaning` says what the limit is ("a 120 Hz frame").
    case atMost(Double, meaning: String)
    /// Every favoured store is at least as fast as the figure the source
    /// published for the case (`ReportContext.references`).
    case withinPublished
}
