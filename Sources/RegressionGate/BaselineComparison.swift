import BenchResults
import BenchStatistics
import Foundation

/// A run checked against a baseline, metric by metric.
public struct GateReport: Sendable {
    public enum Verdict: String, Sendable {
        case improved, unchanged, regressed
        /// A timing that regressed in the run but not in a second
        /// measurement of its case taken after it: a slowdown of the host
        /// that lasted the case's rounds, not the code. Passes.
        case unconfirmed
        /// Changed either way, where any change fails (`GateRules.reproduction`).
        case moved
        /// A count that fell to zero: a counter that stopped counting, more
        /// likely than work that vanished. Fails; record the baseline again
        /// if the work really is gone.
        case vanished
        /// In the baseline, absent from a run that should have it; or in a
        /// run, absent from its baseline, so nothing gates it.
        case missing
    }

    /// Why a row has no figures: what one of the runs lacks.
    public enum Absence: Hashable, Sendable {
        /// The baseline's case is not in the run.
        case caseNotRun
        /// The baseline's store did not run the case in a run of its profile.
        case storeNotRun
        /// The run's store is not in the baseline's case.
        case storeNotInBaseline
        /// The run's case is not in the baseline.
        case caseNotInBaseline

        /// For the gate's table: "case not run".
        public var reason: String {
            switch self {
            case .caseNotRun: "case not run"
            case .storeNotRun: "store not run"
            case .storeNotInBaseline: "not in the baseline: record it again"
            case .caseNotInBaseline: "case not in the baseline: record it again"
            }
        }
    }

    /// What a row gates: one metric, or a case or store one run lacks.
    public enum Subject: Hashable, Sendable {
        case metric(MetricDescriptor)
        case absent(Absence)
    }

    public struct Row: Sendable {
        let caseLabel: String
        /// The case's `CaseResult.key`: which case to measure again.
        package let caseKey: String
        public let store: String
        public let subject: Subject
        let treatment: GateRules.Treatment
        public let baseline: Double?
        public let current: Double?
        /// p-value of the rounds' comparison, for statistical gates.
        public let pValue: Double?
        public var verdict: Verdict
        /// For a timing that regressed, its median in the second measurement
        /// of its case, which confirmed it or not (`Verdict.unconfirmed`).
        public var remeasured: Double? = nil

        /// The metric gated; nil where the row is an absence.
        public var metric: MetricDescriptor? {
            guard case .metric(let metric) = subject else { return nil }
            return metric
        }

        /// What the row is about, for people: the metric's label and unit,
        /// or why it has no figures.
        var subjectLabel: String {
            switch subject {
            case .metric(let metric): "\(metric.label) (\(metric.unit))"
            case .absent(let absence): absence.reason
            }
        }

        /// Relative change of the median, current over baseline minus one.
        public var change: Double? {
            guard let baseline, let current, baseline != 0 else { return nil }
            return current / baseline - 1
        }
    }

    /// Every gated metric, and every missing case.
    public var rows: [Row]
    /// Why some metrics were not gated (another host, another profile, ...).
    var warnings: [String]
    /// Which gate applied to each kind of metric, one line each, for people.
    public var gates: [String] = []
    /// Metrics shown in the results but not gated (timings' maxima, machine
    /// quantities, informational figures, timings on another host).
    var reportedOnly: Int
    /// Whether the two runs' instruction counts were compared.
    public var instructionCounts: InstructionCounts = .notCounted

    /// Whether instruction counts were compared, and if not, why.
    public enum InstructionCounts: Hashable, Sendable {
        /// Both runs counted them the same way: they are gated.
        case compared
        /// The baseline or the run has none.
        case notCounted
        /// Both have them, counted with another toolchain, Valgrind or C
        /// library (the reason, in one sentence): not one can be compared.
        case notComparable(String)
    }

    public var regressions: [Row] { rows.filter { [.regressed, .moved, .vanished, .missing].contains($0.verdict) } }
    /// The regressions that are timings: a second measurement of their
    /// cases confirms or clears them (`BaselineComparison.confirmingTimings`).
    public var timingRegressions: [Row] { regressions.filter { $0.treatment == .statistical } }
    public var passed: Bool { regressions.isEmpty }

    public func count(_ verdict: Verdict) -> Int { rows.filter { $0.verdict == verdict }.count }
}

/// The baseline and the run cannot be compared at all.
public struct GateError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

public enum BaselineComparison {
    /// Compares `current` with `baseline` under `rules`. `confirmsTimings`
    /// says, in the gates applied, that timing regressions will be measured
    /// again (`confirmingTimings(of:baseline:remeasured:rules:)`).
    ///
    /// - Throws: `GateError` when the two are not comparable: different build
    ///   configurations or seeds (counts would differ for no regression), or
    ///   no case in common.
    public static func compare(
        baseline: RunResult, current: RunResult, rules: GateRules = .standard, confirmsTimings: Bool = false
    ) throws(GateError) -> GateReport {
        let base = baseline.provenance, now = current.provenance
        try requireSameBuildAndSeed(base, now)
        var warnings: [String] = []
        let sameKind = base.hostKey == now.hostKey
        let sameSpeed = rules.measuredOnOneHost || baseline.harness.clock.readsAlike(current.harness.clock)
        let sameHost = sameKind && sameSpeed
        if !sameKind {
            warnings.append(
                "the baseline was recorded on another host or toolchain (\(base.hostKey)); this run: \(now.hostKey). Timings are reported, not gated; exact counts are still gated."
            )
        } else if !sameSpeed {
            warnings.append(
                "the baseline's host read the clock in \(baseline.harness.clock.overheadNanoseconds) ns and this one in \(current.harness.clock.overheadNanoseconds) ns: another host of the same name (\(now.hostKey)). Timings are reported, not gated; exact counts are still gated."
            )
        }
        let instructions = instructionComparability(baseline, current)
        if let reason = instructions.warning { warnings.append(reason) }
        let gates = gatesApplied(
            rules, instructions: instructions.counts == .compared, sameHost: sameHost,
            confirmsTimings: confirmsTimings, current: current)
        let sameProfile = baseline.profile == current.profile
        if !sameProfile {
            warnings.append(
                "the baseline ran profile '\(baseline.profile)', this run '\(current.profile)': only the cases both ran are compared."
            )
        }
        let currentCases = current.casesByKey
        guard baseline.cases.contains(where: { currentCases[$0.key] != nil }) else {
            throw GateError(
                description:
                    "the baseline and this run have no case in common (baseline profile '\(baseline.profile)', this run '\(current.profile)')"
            )
        }

        var rows: [GateReport.Row] = []
        var reportedOnly = 0
        for baseCase in baseline.cases {
            guard let currentCase = currentCases[baseCase.key] else {
                if sameProfile || current.isPartial {
                    rows.append(missingRow(baseCase, store: "all", .caseNotRun))
                }
                continue
            }
            for baseStore in baseCase.stores {
                guard let currentStore = currentCase.store(baseStore.store) else {
                    if sameProfile { rows.append(missingRow(baseCase, store: baseStore.store, .storeNotRun)) }
                    continue
                }
                for series in baseStore.metrics {
                    if let row = compare(
                        series, currentStore.metric(series.metric.id), of: baseCase, store: baseStore.store,
                        rules: rules, sameHost: sameHost,
                        instructionsComparable: instructions.counts == .compared)
                    {
                        rows.append(row)
                    } else {
                        reportedOnly += 1
                    }
                }
            }
            // A store the baseline never measured has nothing to be gated
            // against: the baseline must be recorded again with it.
            for store in currentCase.stores where baseCase.store(store.store) == nil {
                rows.append(missingRow(baseCase, store: store.store, .storeNotInBaseline))
            }
        }
        if sameProfile {
            let baselineKeys = Set(baseline.cases.map(\.key))
            for currentCase in current.cases where !baselineKeys.contains(currentCase.key) {
                rows.append(missingRow(currentCase, store: "all", .caseNotInBaseline))
            }
        }
        return GateReport(
            rows: rows, warnings: warnings, gates: gates, reportedOnly: reportedOnly,
            instructionCounts: instructions.counts)
    }

    /// Counts differ for no regression between builds of another
    /// configuration or workloads of another seed.
    private static func requireSameBuildAndSeed(_ base: Provenance, _ now: Provenance) throws(GateError) {
        guard base.buildConfiguration == now.buildConfiguration else {
            throw GateError(
                description:
                    "the baseline is from a \(base.buildConfiguration) build and this run from a \(now.buildConfiguration) build; compare release with release (swift run -c release bench)"
            )
        }
        guard base.seed == now.seed else {
            throw GateError(
                description:
                    "the baseline used seed \(base.seed) and this run seed \(now.seed): the workloads differ; run with --seed \(base.seed)"
            )
        }
    }

    /// One metric of one store against its baseline; nil when it is only reported.
    private static func compare(
        _ series: MetricSeries, _ now: MetricSeries?, of baseCase: CaseResult, store: String, rules: GateRules,
        sameHost: Bool, instructionsComparable: Bool
    ) -> GateReport.Row? {
        let treatment = rules.treatment(of: series, sameHost: sameHost, instructionsComparable: instructionsComparable)
        guard treatment != .reported else { return nil }
        guard let now else {
            return GateReport.Row(
                caseLabel: "\(baseCase.scenario) \(baseCase.label)", caseKey: baseCase.key, store: store,
                subject: .metric(series.metric), treatment: treatment, baseline: series.median, current: nil,
                pValue: nil, verdict: .missing)
        }
        return row(baseCase, store, series, now, treatment, rules)
    }

    /// Which gate applied to each kind of metric, one line each, for people.
    private static func gatesApplied(
        _ rules: GateRules, instructions comparable: Bool, sameHost: Bool, confirmsTimings: Bool, current: RunResult
    ) -> [String] {
        let direction = rules.anyMoveFails ? "either way" : "a regression"
        var instructionGate: String
        switch rules.instructionTolerance {
        case .relative(let fraction):
            instructionGate = "a change past ±\(GateRules.percent(fraction))"
        case .recordedSpread(let least):
            instructionGate =
                "a change past the spread of the baseline's own counts, or past ±\(GateRules.percent(least)) "
                + "(within which counts are alike) where they spread less"
        }
        instructionGate +=
            "; past ±\(GateRules.percent(MetricKind.schedulingTolerance)) where more than one thread ran the region "
            + "(how often they wake each other depends on scheduling)"
        let counts =
            rules.gatesCounts
            ? [
                "exact counts (allocations, lock acquisitions, models, notifications, correctness checks): any change \(direction); a count whose rounds differ within a run (thread scheduling) only when every round is past every baseline round",
                comparable
                    ? "instructions per operation: \(instructionGate), \(direction) (\(current.instructionCounting?.key ?? ""), as in the baseline; any host)"
                    : "instructions per operation: not gated (see the warning)",
            ]
            : [
                "counts and instructions: not compared (the baseline is the baseline's commit measured beside this build; the recorded baseline gates counts)"
            ]
        let measured = rules.gatesCounts ? "same host as the baseline" : "the two builds measured in turn on this host"
        let timings =
            if !rules.gatesTimings {
                "timings: not compared (counts only)"
            } else if sameHost {
                "timings (medians): rounds significantly different (p < \(rules.alpha)) and past +\(GateRules.percent(rules.timingTolerance)), \(measured)"
                    + (confirmsTimings ? ", and again in a second measurement of the case once the run has ended" : "")
            } else {
                "timings: not gated, another host than the baseline's"
            }
        return counts + [timings]
    }

    /// Whether the two runs' instruction counts can be compared, and a
    /// warning when the baseline has some that are not.
    private static func instructionComparability(
        _ baseline: RunResult, _ current: RunResult
    ) -> (counts: GateReport.InstructionCounts, warning: String?) {
        guard let base = baseline.instructionCounting else { return (.notCounted, nil) }
        guard let now = current.instructionCounting else {
            return (
                .notCounted,
                "the baseline has instruction counts and this run has none: run with --instructions to gate them."
            )
        }
        guard baseline.provenance.toolchain == current.provenance.toolchain, base == now else {
            let reason =
                "the baseline counted instructions with \(baseline.provenance.toolchain), \(base.key); "
                + "this run with \(current.provenance.toolchain), \(now.key)"
            return (.notComparable(reason), "instruction counts are not comparable: \(reason).")
        }
        return (.compared, nil)
    }

    private static func row(
        _ baseCase: CaseResult, _ store: String, _ baseline: MetricSeries, _ current: MetricSeries,
        _ treatment: GateRules.Treatment, _ rules: GateRules
    ) -> GateReport.Row {
        let metric = baseline.metric
        var pValue: Double?
        let direction: Comparison.Verdict
        switch treatment {
        case .exact:
            let tolerance = rules.countTolerance * max(1, abs(baseline.median))
            let difference = current.median - baseline.median
            direction = abs(difference) <= tolerance ? .same : (difference < 0 ? .lower : .higher)
        case .countRange:
            let tolerance = rules.countTolerance * max(1, abs(baseline.median))
            direction =
                if current.median - baseline.summary.max > tolerance {
                    .higher
                } else if baseline.summary.min - current.median > tolerance {
                    .lower
                } else {
                    .same
                }
        case .tolerance:
            let change =
                baseline.median == 0 ? (current.median == 0 ? 0 : .infinity) : current.median / baseline.median - 1
            direction =
                abs(change) <= rules.instructionTolerance(of: baseline) ? .same : (change < 0 ? .lower : .higher)
        case .statistical:
            let comparison = timingComparison(baseline, current, rules)
            pValue = comparison.pValue
            direction = comparison.verdict
        case .reported:
            direction = .same
        }
        // A count that fell to nothing more likely stopped being counted
        // than lost all its work.
        let vanished = treatment != .statistical && baseline.median != 0 && current.median == 0
        let verdict: GateReport.Verdict =
            switch direction {
            case _ where vanished: .vanished
            case .same: .unchanged
            case _ where rules.anyMoveFails: .moved
            case .lower: metric.lowerIsBetter ? .improved : .regressed
            case .higher: metric.lowerIsBetter ? .regressed : .improved
            }
        return GateReport.Row(
            caseLabel: "\(baseCase.scenario) \(baseCase.label)", caseKey: baseCase.key, store: store,
            subject: .metric(metric),
            treatment: treatment, baseline: baseline.median, current: current.median, pValue: pValue, verdict: verdict)
    }

    private static func timingComparison(
        _ baseline: MetricSeries, _ current: MetricSeries, _ rules: GateRules
    ) -> Comparison {
        Comparison(
            baseline: baseline.rounds, candidate: current.rounds, alpha: rules.alpha, tolerance: rules.timingTolerance)
    }

    /// `report` with each timing regression kept only where `remeasured`,
    /// a second measurement of its case taken after the run, regresses
    /// against `baseline` under the same rules too; the others become
    /// `unconfirmed`, and pass.
    ///
    /// A case's rounds run back to back (a quick case's five in about a
    /// second), so a slowdown of the host that lasts that long slows every
    /// one of them, and they differ significantly from the baseline's. A
    /// second measurement later is slow again for a slower code path, and
    /// most likely not for a passing slowdown of the host.
    /// A regression whose case the second measurement lacks stays one.
    /// - Complexity: O(r) for r timing regressions, after indexing the runs' cases.
    public static func confirmingTimings(
        of report: GateReport, baseline: RunResult, remeasured: RunResult, rules: GateRules = .standard
    ) -> GateReport {
        let baseCases = baseline.casesByKey, againCases = remeasured.casesByKey
        var confirmed = report
        for index in confirmed.rows.indices
        where confirmed.rows[index].verdict == .regressed
            && confirmed.rows[index].treatment == .statistical
        {
            let row = confirmed.rows[index]
            guard let metric = row.metric,
                let base = baseCases[row.caseKey]?.store(row.store)?.metric(metric.id),
                let again = againCases[row.caseKey]?.store(row.store)?.metric(metric.id)
            else { continue }
            let comparison = timingComparison(base, again, rules)
            let regressedAgain = comparison.verdict == (metric.lowerIsBetter ? .higher : .lower)
            confirmed.rows[index].remeasured = again.median
            if !regressedAgain { confirmed.rows[index].verdict = .unconfirmed }
        }
        return confirmed
    }

    private static func missingRow(
        _ baseCase: CaseResult, store: String, _ absence: GateReport.Absence
    ) -> GateReport.Row {
        GateReport.Row(
            caseLabel: "\(baseCase.scenario) \(baseCase.label)", caseKey: baseCase.key, store: store,
            subject: .absent(absence),
            treatment: .exact, baseline: nil, current: nil, pValue: nil, verdict: .missing)
    }
}
