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

    public init(plan: SuitePlan, progress: any RunProgress, cancellation: CancellationFlag = CancellationFlag()) {
        self.plan = plan
        self.progress = progress
        self.cancellation = cancellation
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
        for (index, plannedCase) in plan.cases.enumerated() {
            if cancellation.isCancelled { break }
            progress.caseStarted(index, of: plan.cases.count, plannedCase)
            guard let result = try runCase(plannedCase, calibration: calibration, countsAllocations: countsAllocations) else {
                break
            }
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

    private func runCase(
        _ plannedCase: SuitePlan.Case, calibration: ClockCalibration, countsAllocations: Bool
    ) throws -> CaseResult? {
        let scenario = plannedCase.scenario
        let started = MonotonicClock.now()
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
        for store in plan.stores {
            if cancellation.isCancelled { return nil }
            warmUps[store.name] = try runRound(store, nil, plan.warmUpPass)
        }
        var rounds: [String: [RoundMetrics]] = [:]
        for round in 0..<min(plan.rounds, scenario.definition.maximumRounds ?? plan.rounds) {
            let order = round.isMultiple(of: 2) ? plan.stores : plan.stores.reversed()
            for store in order {
                if cancellation.isCancelled { return nil }
                rounds[store.name, default: []].append(try runRound(store, round, plan.measuredPass))
            }
        }
        let definition = scenario.definition
        let stores = plan.stores.map { store in
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
        var result = CaseResult(
            scenario: scenario.rawValue, label: plannedCase.label, parameters: plannedCase.parameters.values,
            headline: scenario.headline(for: plannedCase.parameters), notes: definition.notes + Self.uncountedNote(plannedCase),
            checks: scenario.checks(for: plannedCase.parameters), stores: stores,
            upperBounds: Set(plan.stores.filter(\.design.isUpperBound).map(\.name)))
        result.durationSeconds = Double(MonotonicClock.now() - started) / 1e9
        return result
    }

    /// Why a single-threaded case has no instruction counts: it is larger
    /// than the instruction pass counts (`BenchScenario.instructionsCountedUpTo`).
    static func uncountedNote(_ plannedCase: SuitePlan.Case) -> [String] {
        let scenario = plannedCase.scenario
        guard scenario.countsInstructions, !scenario.countsInstructions(at: plannedCase.parameters),
              let limit = scenario.definition.instructionsCountedUpTo
        else { return [] }
        return ["The instruction pass counts this scenario's cases up to \(limit.parameter.name)=\(limit.value) (per operation "
                + "a count does not grow with the graph; under callgrind the pass's time does): \(plannedCase.label) is timed only."]
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
