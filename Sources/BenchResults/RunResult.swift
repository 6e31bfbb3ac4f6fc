import BenchStatistics

/// Everything one run of `bench` measured: the file `results.json` holds.
///
/// Versioned: a reader refuses a `schemaVersion` it does not know rather
/// than misread it. Bump `currentSchemaVersion` on any change that an older
/// reader would misinterpret.
public struct RunResult: Hashable, Sendable, Codable {
    /// 4: the primitives' costs are `primitiveCosts` (a floor is a store's
    /// own, `StoreInfo.floors`).
    static let currentSchemaVersion = 4
    /// Versions this reader understands.
    static let readableSchemaVersions = 4...4

    var schemaVersion: Int
    public var provenance: Provenance
    /// "quick", "default", "full", or "custom" when parameters were overridden.
    public var profile: String
    /// Independent rounds per case and store (a fresh store each).
    public var rounds: Int
    /// The stores in the order their columns appear.
    public var stores: [String]
    /// What each store is, in the same order.
    public var designs: [StoreInfo]
    public var harness: HarnessCosts
    public var primitiveCosts: [PrimitiveCost]
    public var cases: [CaseResult]
    /// Seconds the measured rounds took, every case's preparation included.
    public var durationSeconds: Double
    /// Seconds from the run's start to its files: measuring, the instruction
    /// pass and the drift; nil in results from before it was recorded.
    public var wallSeconds: Double?
    /// True when the run was interrupted: only the cases listed completed.
    public var isPartial: Bool
    /// Untimed rounds each store ran of every case before its measured
    /// ones; nil in results from before they existed.
    public var warmUpRounds: Int?
    /// Set when instructions were counted (`bench --instructions`): what
    /// the counts depend on besides the code.
    public var instructionCounting: InstructionProvenance?
    /// The commit of the other run of this build that every series' drift
    /// was measured against; nil when no drift was recorded.
    public var driftCommit: String?
    /// The runs this one was joined from, each of some of the scenarios,
    /// in order; nil for a run measured in one go.
    public var pieces: [RunPiece]?

    public init(
        provenance: Provenance, profile: String, rounds: Int, designs: [StoreInfo], harness: HarnessCosts,
        primitiveCosts: [PrimitiveCost], cases: [CaseResult], durationSeconds: Double, isPartial: Bool = false,
        warmUpRounds: Int? = nil
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.provenance = provenance
        self.profile = profile
        self.rounds = rounds
        self.stores = designs.map(\.name)
        self.designs = designs
        self.harness = harness
        self.primitiveCosts = primitiveCosts
        self.cases = cases
        self.durationSeconds = durationSeconds
        self.isPartial = isPartial
        self.warmUpRounds = warmUpRounds
        // Ranked again knowing which stores are upper bounds.
        rankCases()
    }
}

extension RunResult {
    /// What `store` is, if it ran.
    /// Each case by its key (`CaseResult.key`), the first where a key
    /// repeats: how one run finds another's twin of a case.
    /// - Complexity: O(*c*), *c* the cases.
    public var casesByKey: [String: CaseResult] {
        Dictionary(cases.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func design(of store: String) -> StoreInfo? {
        designs.first { $0.name == store }
    }

    /// The stores that are upper bounds: never a leader, always set beside one.
    public var upperBounds: Set<String> {
        Set(designs.filter { $0.isUpperBound == true }.map(\.name))
    }

    /// The stores that are libraries: ranked with the designs, judged for no
    /// source's claim.
    public var libraries: Set<String> {
        Set(designs.filter { $0.isLibrary == true }.map(\.name))
    }

    /// Ranks every case again, by this version's rules.
    mutating func rankCases() {
        let bounds = upperBounds
        for index in cases.indices { cases[index].rank(upperBounds: bounds) }
    }
}
