import StoreTaxonomy

/// Something a source system's authors said, quoted, the design it favours,
/// and the cases of a run that test what the quote says. The report judges it
/// from the run's figures alone (`ClaimVerdict`, by the rules of `Evidence`),
/// so a claim's verdict is as reproducible as the rest of the report.
public struct SourceClaim: Sendable {
    /// Who said it, in short, for tables: "Vesper".
    public let source: String
    /// The system whose design the claim speaks of: it is decided on the
    /// stores that follow that system, where any ran.
    public let system: SourceSystem
    /// Where it was said, as a reader can find it.
    public let document: SourceDocument
    /// The source's own words, verbatim; where it leaves text out, its parts
    /// are joined by " … " (a test checks each part against the document).
    public let quote: String
    /// What the tests take the quote to mean, when that is this project's
    /// reading rather than the source's words (a threshold the source does
    /// not give, a consequence it does not state); nil when the tests measure
    /// exactly what the quote says.
    public let inference: String?
    /// One line: what was measured, and why that is what the source said.
    public let measured: String
    public let favours: DesignSelector
    /// Each a scenario's cases, one of their metrics and what the figure
    /// must show for the claim to hold there.
    public let tests: [ClaimTest]
    /// Why no benchmark can test the claim, when none can: it speaks of
    /// something the suite does not have. The claim then has no tests.
    public let untestable: String?
    /// Why the claim holds for some stores by how this suite builds them
    /// (one shared write pipeline), so that their passing is no finding.
    public let byConstruction: String?
    /// The word that hedges the claim ("probably"), when it is hedged: a
    /// lean the run can bear out or not, never a prediction that fails.
    public let hedge: String?
    /// A condition in the sentence that the tests do not set up, said in
    /// the verdict so that it claims no more than was tested.
    public let untestedCondition: String?

    public init(
        source: String, system: SourceSystem, document: SourceDocument, quote: String, inference: String? = nil,
        measured: String,
        favours: DesignSelector, tests: [ClaimTest], untestable: String? = nil, byConstruction: String? = nil,
        hedge: String? = nil, untestedCondition: String? = nil
    ) {
        self.source = source
        self.system = system
        self.document = document
        self.quote = quote
        self.inference = inference
        self.measured = measured
        self.favours = favours
        self.tests = tests
        self.untestable = untestable
        self.byConstruction = byConstruction
        self.hedge = hedge
        self.untestedCondition = untestedCondition
    }

    /// The quote's parts, in order: the text between its " … " elisions.
    public var quoteParts: [String] { quote.components(separatedBy: " … ") }

    /// The parts of the quote that `text` does not contain word for word;
    /// empty when the quote is verbatim.
    ///
    /// - Complexity: O(*p* × *n*) for *p* parts and a text of length *n*.
    public func partsMissing(from text: String) -> [String] {
        quoteParts.filter { !text.contains($0) }
    }
}

/// The stores of one design: a family, optionally narrowed to where they
/// may be used (the main thread). Matched against the run's `StoreInfo`, so
/// a claim names a design, never a store.
public struct DesignSelector: Sendable {
    public let family: DesignFamily
    /// Where the stores are used from; nil for every store of the family.
    public let threading: StoreThreading?
    /// For people: "live objects on the main thread".
    public let label: String

    /// The stores of `family`, optionally only those used from `threading`.
    public init(_ family: DesignFamily, threading: StoreThreading? = nil, label: String) {
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

/// What a case's figures must show for a claim to hold in it. Each is
/// decided by the rules of `Evidence`: shown, shown otherwise, or not shown.
public enum ClaimRule: Sendable {
    /// The favoured design's best store costs at most this many times the
    /// other designs' best (1: no more).
    case familyWithin(Double)
    /// Every favoured store's figure is at most `limit`, in the metric's
    /// unit; `meaning` says what the limit is ("no row mixes two versions").
    case atMost(Double, meaning: String)
    /// Every favoured store's time fits an absolute budget, in the metric's
    /// unit, with `Evidence.deviceMargin` to spare: otherwise it depends on
    /// the device, or is missed beyond the margin. `meaning` names it ("a
    /// 120 Hz frame").
    case fitsBudget(Double, meaning: String)
    /// Every favoured store's figure is within this factor of the best
    /// store's of any design (1: no worse).
    case eachWithin(Double, meaning: String)
    /// Every favoured store's figure is below its own figure in the case
    /// that differs from this one by `before` (the "before" the source
    /// describes); `meaning` says what that case is.
    case improvesOn(before: [String: Int], meaning: String)
    /// A figure the source published for the case (`ReportContext.references`),
    /// set beside ours and not judged: other hardware, other code.
    case reference
}
