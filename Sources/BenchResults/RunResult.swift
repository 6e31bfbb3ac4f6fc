import BenchStatistics

/// Everything one run of `bench` measured: the file `results.json` holds.
///
/// Versioned: a reader refuses a `schemaVersion` it does not know rather
/// than misread it. Bump `currentSchemaVersion` on any change that an older
/// reader would misinterpret.
package struct RunResult: Hashable, Sendable, Codable {
    static let currentSchemaVersion = 2

    var schemaVersion: Int
    package var provenance: Provenance
    /// "quick", "default", "full", or "custom" when parameters were overridden.
    package var profile: String
    /// Independent rounds per case and store (a fresh store each).
    package var rounds: Int
    /// The stores in the order their columns appear.
    package var stores: [String]
    /// What each store is, in the same order.
    package var designs: [StoreInfo]
    package var harness: HarnessCosts
    package var floors: [Floor]
    package var cases: [CaseResult]
    package var durationSeconds: Double
    /// True when the run was interrupted: only the cases listed completed.
    package var isPartial: Bool
    /// Untimed rounds each store ran of every case before its measured
    /// ones; nil in results from before they existed.
    package var warmUpRounds: Int?
    /// Set when instructions were counted (`bench --instructions`): what
    /// the counts depend on besides the code.
    package var instructionCounting: InstructionProvenance?

    package init(
        provenance: Provenance, profile: String, rounds: Int, designs: [StoreInfo], harness: HarnessCosts,
        floors: [Floor], cases: [CaseResult], durationSeconds: Double, isPartial: Bool = false, warmUpRounds: Int? = nil
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.provenance = provenance
        self.profile = profile
        self.rounds = rounds
        self.stores = designs.map(\.name)
        self.designs = designs
        self.harness = harness
        self.floors = floors
        self.cases = cases
        self.durationSeconds = durationSeconds
        self.isPartial = isPartial
        self.warmUpRounds = warmUpRounds
    }
}

extension RunResult {
    /// What `store` is, if it ran.
    package func design(of store: String) -> StoreInfo? {
        designs.first { $0.name == store }
    }
}
