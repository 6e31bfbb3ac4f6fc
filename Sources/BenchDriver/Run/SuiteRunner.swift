import BenchMetrics
import BenchResults
import BenchStatistics
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
/// alternating between rounds so neither always runs first; with a
/// `RoundExtension`, more rounds of a case whose claims' tests are open.
public struct SuiteRunner {
    public let plan: SuitePlan
    public let progress: any RunProgress
    public let cancellation: CancellationFlag
    /// Where the sweeps stop when another run decided it, by case key
    /// (`CaseResult.key`): a run whose rounds are pooled with that run's
    /// runs the same stores in every case. Nil: this run decides.
    public let stopsFollowed: [String: [StoreNotRun]]?
    /// How cases left undecided get more rounds; nil: every case runs the plan's rounds.
    public let roundExtension: RoundExtension?
    /// The cases of the run this one is pooled with, by key: an extension
    /// judges both runs' rounds together.
    let pooledCases: [String: CaseResult]?

    /// - Parameters:
    ///   - pooledWith: a run of the same plan whose rounds will be pooled
    ///     with this run's: its sweep stops are followed instead of this
    ///     run deciding its own.
    ///   - extending: how to add rounds to a case left undecided.
    public init(
        plan: SuitePlan, progress: any RunProgress, cancellation: CancellationFlag = CancellationFlag(),
        pooledWith: RunResult? = nil, extending: RoundExtension? = nil
    ) {
        self.plan = plan
        self.progress = progress
        self.cancellation = cancellation
        self.stopsFollowed = pooledWith?.casesByKey.mapValues(\.notRun)
        self.pooledCases = pooledWith?.casesByKey
        self.roundExtension = extending
    }

    /// Runs the plan. Returns the cases completed; `isPartial` is set when
    /// cancelled before the end.
    public func run() throws -> RunResult {
        let started = MonotonicClock.now()
        let countsAllocations = (try? AllocatorCheck.requireJemalloc()) != nil
        let calibration = ClockCalibration.measure()
        let harness = HarnessCosts.measure(calibration)
        let provenance = Provenance.collect(seed: plan.seed)
        let emptyRun = RunResult(
            provenance: provenance, profile: plan.profileName, rounds: plan.rounds, designs: plan.stores.map(\.info),
            harness: harness, primitiveCosts: [], cases: [], durationSeconds: 0, warmUpRounds: 1)
        let primitiveCosts =
            plan.measuresPrimitiveCosts && plan.measuresTimings && !cancellation.isCancelled
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
            guard
                let result = try runCase(
                    plannedCase, notRun: notRun, calibration: calibration,
                    countsAllocations: countsAllocations, emptyRun: emptyRun)
            else { break }
            if stopsSweeps && stopsFollowed == nil { stops.record(result, of: plannedCase) }
            cases.append(result)
            progress.caseFinished(result)
        }
        return RunResult(
            provenance: provenance,
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

    /// How many times a store's round of an instruction pass is counted
    /// while threads left by earlier work end in its regions.
    static let countingAttempts = 5

    /// Runs `round` of an instruction pass, and runs it again while one of its
    /// regions held the exit of a thread left by earlier work (`disturbances`,
    /// the counter's tally of such regions, moved): that work is no store's,
    /// and when it lands in a region depends on timers
    /// (`InstructionCounter.regionsWithAThreadEnding`). `beginRound` marks
    /// each attempt's start. After `attempts` disturbed rounds the last
    /// one's figures stand, for the gate to judge as it judges any count.
    static func countedAgainWhileDisturbed<Metrics>(
        attempts: Int = countingAttempts, beginRound: () -> Void = {}, disturbances: () -> Int,
        _ round: () throws -> Metrics
    ) rethrows -> Metrics {
        var attempt = 1
        while true {
            beginRound()
            let before = disturbances()
            let metrics = try round()
            if disturbances() == before || attempt >= attempts { return metrics }
            attempt += 1
        }
    }

    private func runCase(
        _ plannedCase: SuitePlan.Case, notRun: [StoreNotRun], calibration: ClockCalibration, countsAllocations: Bool,
        emptyRun: RunResult
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
                readsHeapAtRest: plan.readsHeapAtRest, pass: pass, batches: batches,
                instructionSampleDivisor: store.design.instructionSampleDivisor,
                progress: { [progress] in progress.roundProgressed($0) })
            do {
                guard case .instructions(let counter) = pass else {
                    return try store.runRound(workload, plannedCase.parameters, context)
                }
                return try Self.countedAgainWhileDisturbed(
                    beginRound: counter.beginRound, disturbances: { counter.regionsWithAThreadEnding }
                ) { try store.runRound(workload, plannedCase.parameters, context) }
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
        /// False when cancelled.
        func runEveryStore(round: Int) throws -> Bool {
            for store in round.isMultiple(of: 2) ? stores : stores.reversed() {
                if cancellation.isCancelled { return false }
                rounds[store.name, default: []].append(try runRound(store, round, plan.measuredPass))
            }
            return true
        }
        let baseRounds = min(plan.rounds, scenario.definition.maximumRounds ?? plan.rounds)
        for round in 0..<baseRounds {
            guard try runEveryStore(round: round) else { return nil }
        }
        var result = caseResult(
            plannedCase, stores: stores.map { results(of: $0, rounds, warmUps) }, notRun: notRun,
            started: started)
        guard let extending = extending(plannedCase) else { return result }
        // More rounds while a claim's test is open, within the case's budget.
        let limit = min(extending.maximumRounds, scenario.definition.maximumRounds ?? .max)
        let budget = Double(MonotonicClock.now() - started) * extending.timeFactor
        var ran = baseRounds
        func undecided() -> [String] { extending.undecided(judged(result, emptyRun)) }
        var open = undecided()
        while !open.isEmpty && pooledRounds(result, ran) < limit && Double(MonotonicClock.now() - started) < budget {
            guard try runEveryStore(round: ran) else { return nil }
            ran += 1
            result.stores = stores.map { results(of: $0, rounds, warmUps) }
            open = undecided()
        }
        result.notes += Self.extensionNotes(
            added: ran - baseRounds, inAll: pooledRounds(result, ran), open: open,
            extending)
        result.durationSeconds = Double(MonotonicClock.now() - started) / 1e9
        return result
    }

    /// A store's figures from its rounds: in the timing pass, with what only
    /// its warm-up counts (lock acquisitions) from that one round.
    private func results(
        of store: StoreRunner, _ rounds: [String: [RoundMetrics]], _ warmUps: [String: RoundMetrics]
    ) -> StoreCaseResult {
        var metrics = Self.series(rounds[store.name] ?? [])
        switch plan.measurement {
        case .timings:
            let measured = Set(metrics.map(\.metric.id))
            metrics += Self.series(warmUps[store.name].map { [$0] } ?? []).filter { !measured.contains($0.metric.id) }
        case .instructions:
            metrics = metrics.filter { $0.metric.kind == .instructions }
        }
        return StoreCaseResult(store: store.name, metrics: metrics)
    }

    /// The extension that applies to a case: timed, not decided by an
    /// instruction count, and the run asked for one.
    private func extending(_ plannedCase: SuitePlan.Case) -> RoundExtension? {
        guard let roundExtension, plan.measuresTimings, !plannedCase.countsInstructions else { return nil }
        return roundExtension
    }

    /// A run of the one case as it will be written: when this run is pooled
    /// with another, both runs' rounds with their drift, as the rules of
    /// evidence will judge them.
    private func judged(_ result: CaseResult, _ emptyRun: RunResult) -> RunResult {
        var mine = emptyRun
        mine.cases = [result]
        guard let other = pooledCases?[result.key] else { return mine }
        var theirs = emptyRun
        theirs.cases = [other]
        // Both follow one run's sweep stops, so they ran the same stores.
        return (try? RunResult.merging([mine, theirs], recordingDrift: true)) ?? mine
    }

    /// Rounds of the case in all: this run's and the pooled run's.
    private func pooledRounds(_ result: CaseResult, _ ran: Int) -> Int {
        ran + (pooledCases?[result.key]?.stores.flatMap(\.metrics).map(\.rounds.count).max() ?? 0)
    }

    /// What a case's added rounds say under its table.
    static func extensionNotes(added: Int, inAll: Int, open: [String], _ extending: RoundExtension) -> [String] {
        guard added > 0 || !open.isEmpty else { return [] }
        let rounds = "\(inAll) rounds in all"
        guard !open.isEmpty else {
            return ["Rounds were added while a claim's test was not shown, until it was: \(rounds) (\(added) added)."]
        }
        let budget =
            "at most \(extending.maximumRounds) rounds, or \(extending.timeFactor.formatted())× the time of "
            + "its warm-up and first rounds"
        return [
            "Still not shown when the case's budget ran out (\(budget)) after \(rounds), \(added) added: "
                + open.joined(separator: "; ") + "."
        ]
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
        return [
            "The instruction pass counts this scenario's cases up to \(limit.parameter.name)=\(limit.value) (per operation "
                + "a count does not grow with the graph; under callgrind the pass's time does): \(plannedCase.label) is timed only."
        ]
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
