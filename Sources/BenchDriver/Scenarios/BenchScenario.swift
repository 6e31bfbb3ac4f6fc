import BenchResults
import ModelGraph
import StoreInterface

/// A workload the suite measures, defined once and run on every store.
///
/// `prepare` builds the workload (graph, payloads, operation sequence) once
/// per case, from the run's seed; `runRound` runs one round on a fresh store
/// of the given type and measures it. Every store gets the same workload.
public protocol BenchScenario: SendableMetatype {
    associatedtype Workload: Sendable
    /// The scenario's metric ids, as constants (`enum Metric`).
    associatedtype Metric
    /// The scenario's parameters, as constants (`enum Parameter`): what its
    /// cases, claims and figures read and select by.
    associatedtype Parameter

    static var id: ScenarioID { get }
    /// One line: what the scenario does.
    static var title: String { get }
    /// Where the workload comes from (Vesper, Pinterest, Rocket Data, ...).
    static var origin: String { get }
    static var parameters: [ParameterSpec] { get }
    /// The metric a one-line verdict is based on.
    static var headline: MetricID { get }
    /// The headline of one case, where a variant measures something else.
    static func headline(for parameters: ParameterSet) -> MetricID
    /// How to read the results: what is batched, what a row is, ...
    static var notes: [String] { get }
    /// Why the stores come out as they do, as sentences naming metrics the
    /// report fills with every store's median; the report uses the first
    /// whose metrics a case has.
    static var mechanisms: [MechanismTemplate] { get }
    /// The metrics drawn across every sweep of the scenario's cases, each
    /// with the budgets or bounds drawn beside it; the headline alone by default.
    static var charts: [ChartSpec] { get }
    /// The most rounds a case needs, whatever the plan asks: a scenario
    /// that measures only exact counts repeats them in every round, and two
    /// rounds show that they do. Nil: the plan's.
    static var maximumRounds: Int? { get }
    /// Whether the scenario's timed operations run on one thread, so that
    /// callgrind can count their instructions: false where threads run
    /// against each other (what runs then depends on how they interleave) or
    /// nothing is timed.
    static var countsInstructions: Bool { get }
    /// Whether the instruction pass counts the scenario's operations whole
    /// however large they are (one decode of a whole payload), so that no
    /// sample shortens its job: the pass starts such cases first.
    static var countsLargeOperationsWhole: Bool { get }
    /// The largest case whose instructions the pass counts, by one of the
    /// scenario's parameters; nil: every case. Per operation a count does
    /// not grow with the graph (callgrind sees no cache), while the pass's
    /// time does: a larger case is timed only.
    static var instructionsCountedUpTo: (parameter: ParameterSpec, value: Int)? { get }

    /// Metrics of a case that count correctness failures and must be 0 on
    /// every store: a stale holder, a parent missing an update, a delete of
    /// the wrong models, a lost notification.
    static func checks(for parameters: ParameterSet) -> [MetricID]
    /// Checks that hold only where a child's change reaches every parent
    /// that embeds it (`StoreDesign.childChanges`): a parent shown with its
    /// new child. A store whose parents keep their children as built
    /// reports these metrics as what its design does.
    static func childChangeChecks(for parameters: ParameterSet) -> [MetricID]
    /// The cases a profile runs: one parameter set each, sweeps included.
    static func cases(for profile: Profile) -> [ParameterSet]
    /// How a case is named in tables, "F=10000 holders=1000" by default.
    static func label(for parameters: ParameterSet) -> String
    /// The store configuration for a case (purge policy, row locking).
    static func configuration(for parameters: ParameterSet) -> StoreConfiguration
    /// Throws when parameters each in range do not make a case together
    /// (more holders than notes): checked before a run starts.
    static func validate(_ parameters: ParameterSet) throws(ScenarioError)
    static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload
    static func runRound<Store: ModelStore>(
        _ store: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics
}

extension BenchScenario {
    public static func cases(for profile: Profile) -> [ParameterSet] {
        [ParameterSet.defaults(parameters, profile)]
    }

    public static func configuration(for parameters: ParameterSet) -> StoreConfiguration {
        StoreConfiguration()
    }

    public static func label(for parameters: ParameterSet) -> String {
        parameters.label(order: Self.parameters)
    }

    public static var notes: [String] { [] }

    public static func headline(for parameters: ParameterSet) -> MetricID { headline }

    public static var mechanisms: [MechanismTemplate] { [] }

    public static var countsInstructions: Bool { true }

    public static var countsLargeOperationsWhole: Bool { false }

    public static var instructionsCountedUpTo: (parameter: ParameterSpec, value: Int)? { nil }

    public static var charts: [ChartSpec] { [ChartSpec(headline)] }

    public static var maximumRounds: Int? { nil }

    public static func checks(for parameters: ParameterSet) -> [MetricID] { [] }

    public static func childChangeChecks(for parameters: ParameterSet) -> [MetricID] { [] }

    public static func validate(_ parameters: ParameterSet) throws(ScenarioError) {}

    /// A fresh store for a round: the case's configuration, on the round's
    /// main thread.
    static func freshStore<Store: ModelStore>(
        _ type: Store.Type, _ parameters: ParameterSet, _ context: RoundContext
    ) -> Store {
        var configuration = configuration(for: parameters)
        configuration.mainQueue = context.mainQueue
        return Store(configuration: configuration)
    }

    /// A fresh store holding `batch`, merged and settled before any timing
    /// starts: work the merge left another thread (a consistency manager's
    /// walk of everything posted) is done, not counted in the first timed loop.
    static func loadedStore<Store: ModelStore>(
        _ type: Store.Type, _ batch: PayloadBatch, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> Store {
        let store = freshStore(type, parameters, context)
        try store.merge(batch)
        store.finishSetUp()
        return store
    }
}

/// A scenario could not be prepared or run.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
