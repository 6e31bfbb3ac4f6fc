import BenchMetrics
import BenchStatistics
import BenchResults
import Instrumentation

/// Receives what a run is doing, for a progress display.
public protocol RunProgress: Sendable {
    func caseStarted(_ index: Int, of total: Int, _ plannedCase: SuitePlan.Case)
    /// `round` is nil for a store's warm-up round.
    func roundStarted(store: String, round: Int?, of rounds: Int)
    func roundProgressed(_ fraction: Double)
    func caseFinished(_ result: CaseResult)
}

/// A scenario round failed: one line naming the case and the store.
@usableFromInline struct RunError: Error, CustomStringConvertible {
    public let description: String
}

/// Runs a plan: every case on every store, a warm-up round each and then
/// round after round, each round on a fresh store, the stores' order
/// alternating between rounds so neither always runs first.
public struct SuiteRunner {
    public let plan: SuitePlan
    public let progress: any RunProgress
    public let cancellation: CancellationFlag
    /// Where the sweeps stop when another run decided it, by case key
    /// (`CaseResult.key`): a run whose rounds are pooled with that run's
    /// runs the same stores in every case. Nil: this run decides.
    public let stopsFollowed: [String: [StoreNotRun]]?

    /// - Parameter stopsFrom: a run of the same plan whose sweep stops this
    ///   run follows instead of deciding its own.
    public init(
        plan: SuitePlan, progress: any RunProgress, cancellation: CancellationFlag = CancellationFlag(),
        stopsFrom: RunResult? = nil
    ) {
        self.plan = plan
        self.progress = progress
        self.cancellation = cancellation
        self.stopsFollowed = stopsFrom?.casesByKey.mapValues(\.notRun)
    }

    /// Runs the plan. Returns the cases completed; `isPartial` is set when
    /// cancelled before the end.
    public func run() throws -> RunResult {
        let started = MonotonicClock.now()
        let countsAllocations = (try? AllocatorCheck.requireJemalloc()) != nil
        let calibration = ClockCalibration.measure()
        let harness = HarnessCosts.measure(calibration)
        let primitiveCosts = plan.measuresPrimitiveCosts && plan.measuresTimings && !cancellation.isCancelled
            ? PrimitiveCosts.measure(calibration: calibration, countsAllocations: countsAllocations)
            : []
        var cases: [CaseResult] = []
        var stops = SweepStops()
        for (index, plannedCase) in plan.cases.enumerated() {
            if cancellation.isCancelled { break }
            progress.caseStarted(index, of: plan.cases.count, plannedCase)
            let notRun: [StoreNotRun]
            if let stopsFollowed {
                notRun = stopsFollowed[plannedCase.key] ?? []
            } else {
                notRun = stopsSweeps ? stops.notRun(plannedCase) : []
            }
            guard let result = try runCase(plannedCase, notRun: notRun, calibration: calibration,
                                           countsAllocations: countsAllocations)
            else { break }
            if stopsSweeps && stopsFollowed == nil { stops.record(result, of: plannedCase) }
            cases.append(result)
            progress.caseFinished(result)
        }
        return RunResult(
            provenance: Provenance.collect(seed: plan.seed),
            profile: plan.profileName,
            rounds: plan.rounds,
            designs: plan.stores.map(\.info),
            harness: harness,
            primitiveCosts: primitiveCosts,
            cases: cases,
            durationSeconds: Double(MonotonicClock.now() - started) / 1e9,
            isPartial: cases.count < plan.cases.count,
            warmUpRounds: 1
        )
    }

    /// Whether a sweep's larger sizes are left out for a store that missed
    /// its budget at a smaller one (`SweepStops`): in the timing pass, which
    /// decides it; the instruction pass counts the stores it ran.
    private var stopsSweeps: Bool { plan.measuresTimings }

    private func runCase(
        _ plannedCase: SuitePlan.Case, notRun: [StoreNotRun], calibration: ClockCalibration, countsAllocations: Bool
    ) throws -> CaseResult? {
        let scenario = plannedCase.scenario
        let started = MonotonicClock.now()
        let stores = plan.stores.filter { store in !notRun.contains { $0.store == store.name } }
        guard !stores.isEmpty else { return caseResult(plannedCase, stores: [], notRun: notRun, started: started) }
        let workload: PreparedCase
        do {
            workload = try scenario.prepare(plannedCase.parameters, seed: plan.seed)
        } catch {
            throw RunError(description: "\(scenario.rawValue) \(plannedCase.label): \(error)")
        }
        let batches = BatchPlan()
        func runRound(_ store: StoreRunner, _ round: Int?, _ pass: RoundPass) throws -> RoundMetrics {
            progress.roundStarted(store: store.name, round: round, of: plan.rounds)
            let context = RoundContext(
                seed: plan.seed, round: round ?? -1, calibration: calibration, countsAllocations: countsAllocations,
                pass: pass, batches: batches, progress: { [progress] in progress.roundProgressed($0) })
            do {
                return try store.runRound(workload, plannedCase.parameters, context)
            } catch {
                throw RunError(description: "\(scenario.rawValue) \(plannedCase.label) on \(store.name): \(error)")
            }
        }
        // Every store's warm-up before any measured round: the batch plan
        // needs every store's estimate.
        var warmUps: [String: RoundMetrics] = [:]
        for store in stores {
            if cancellation.isCancelled { return nil }
            warmUps[store.name] = try runRound(store, nil, plan.warmUpPass)
        }
        var rounds: [String: [RoundMetrics]] = [:]
        for round in 0..<min(plan.rounds, scenario.definition.maximumRounds ?? plan.rounds) {
            let order = round.isMultiple(of: 2) ? stores : stores.reversed()
            for store in order {
                if cancellation.isCancelled { return nil }
                rounds[store.name, default: []].append(try runRound(store, round, plan.measuredPass))
            }
        }
        let results = stores.map { store in
            var metrics = Self.series(rounds[store.name] ?? [])
            switch plan.measurement {
            case .timings:
                // What only the warm-up counts (lock acquisitions), from its one round.
                let measured = Set(metrics.map(\.metric.id))
                metrics += Self.series(warmUps[store.name].map { [$0] } ?? []).filter { !measured.contains($0.metric.id) }
            case .instructions:
                metrics = metrics.filter { $0.metric.kind == .instructions }
            }
            return StoreCaseResult(store: store.name, metrics: metrics)
        }
        return caseResult(plannedCase, stores: results, notRun: notRun, started: started)
    }

    /// The case's result from what its stores measured, timed from `started`.
    private func caseResult(
        _ plannedCase: SuitePlan.Case, stores: [StoreCaseResult], notRun: [StoreNotRun], started: UInt64
    ) -> CaseResult {
        let scenario = plannedCase.scenario
        var result = CaseResult(
            scenario: scenario.rawValue, label: plannedCase.label, parameters: plannedCase.parameters.values,
            headline: scenario.headline(for: plannedCase.parameters),
            notes: scenario.definition.notes + Self.uncountedNote(plannedCase) + Self.notRunNotes(notRun),
            checks: scenario.checks(for: plannedCase.parameters), stores: stores, notRun: notRun,
            upperBounds: Set(plan.stores.filter(\.design.isUpperBound).map(\.name)))
        result.durationSeconds = Double(MonotonicClock.now() - started) / 1e9
        return result
    }

    /// Why a single-threaded case has no instruction counts: it is larger
    /// than the instruction pass counts (`BenchScenario.instructionsCountedUpTo`).
    static func uncountedNote(_ plannedCase: SuitePlan.Case) -> [String] {
        let scenario = plannedCase.scenario
        guard scenario.countsInstructions, !plannedCase.countsInstructions,
              let limit = scenario.definition.instructionsCountedUpTo
        else { return [] }
        return ["The instruction pass counts this scenario's cases up to \(limit.parameter.name)=\(limit.value) (per operation "
                + "a count does not grow with the graph; under callgrind the pass's time does): \(plannedCase.label) is timed only."]
    }

    /// Which stores the case did not run, and where they missed the budget.
    static func notRunNotes(_ notRun: [StoreNotRun]) -> [String] {
        notRun.map { skipped in
            "Not run on \(skipped.store): at \(skipped.missedAt) every round's \(skipped.metric) took longer than the "
                + "sweep's budget of \(Self.whole(skipped.budget)) \(skipped.unit) (median \(Self.whole(skipped.median)) "
                + "\(skipped.unit)), which settles how far it fits; larger sizes are not run past the budget."
        }
    }

    /// "16,667".
    private static func whole(_ value: Double) -> String {
        Int(value.rounded()).formatted(.number.grouping(.automatic))
    }

    /// Each metric's values across rounds, in the order the first round reported them.
    static func series(_ rounds: [RoundMetrics]) -> [MetricSeries] {
        var order: [MetricDescriptor] = []
        var values: [MetricID: [Double]] = [:]
        for round in rounds {
            for (metric, value) in round.values {
                if values[metric.id] == nil { order.append(metric) }
                values[metric.id, default: []].append(value)
            }
        }
        return order.map { MetricSeries(metric: $0, rounds: values[$0.id]!) }
    }

}
