import BenchResults
import Foundation
import RegressionGate

/// A run checked against a baseline, and saved as one: every file is read
/// or checked before anything runs, so a bad path fails at once.
public struct Gate: Sendable {
    /// The baseline to compare with (a results.json), if any.
    public var baseline: String?
    /// Where to save the run as a later run's baseline, if anywhere.
    public var saveAs: String?
    /// Relative change a timing's median must exceed to regress.
    public var timingTolerance: Double
    /// What the comparison asks.
    public var question: Question

    /// What a comparison with the baseline asks of the run.
    public enum Question: Sendable {
        /// Whether anything regressed (`GateRules.standard`).
        case regression
        /// Whether the run counts what the baseline counted: any move fails,
        /// timings are not compared (`GateRules.reproduction`).
        case reproduction
        /// Whether the timings of the code under test regressed against the
        /// baseline's build, the two measured side by side on one host;
        /// counts are not compared (`GateRules.sideBySide`).
        case timingsSideBySide

        var rules: GateRules {
            switch self {
            case .regression: .standard
            case .reproduction: .reproduction
            case .timingsSideBySide: .sideBySide
            }
        }
    }

    public init(
        baseline: String? = nil, saveAs: String? = nil, timingTolerance: Double = Gate.standardTimingTolerance,
        question: Question = .regression
    ) {
        self.baseline = baseline
        self.saveAs = saveAs
        self.timingTolerance = timingTolerance
        self.question = question
    }

    /// Where a run gated against a baseline writes, when its timings alone
    /// regressed, the arguments that run each of their cases
    /// (`TimingRegressionCases`).
    static let timingRegressionsFile = "timing-regressions.args"

    public static let timingTolerances: ClosedRange<Double> = 0...10
    public static let standardTimingTolerance = GateRules.standard.timingTolerance
    public static let instructionTolerances = GateRules.instructionTolerances
    public static let timingToleranceInWords = GateRules.timingToleranceInWords

    /// Reads the baseline and checks the save path, before anything runs.
    func prepare() throws(BenchFailure) -> RunResult? {
        guard Self.timingTolerances.contains(timingTolerance) else {
            throw .usage("--timing-tolerance must be between 0 and 10 (0.5 is 50%), got \(timingTolerance)")
        }
        if let saveAs { try RunFiles.prepareFile(saveAs, option: "--save-baseline") }
        return try baseline.map { path throws(BenchFailure) in try RunFiles.read(path, role: "baseline") }
    }

    func save(_ result: RunResult) throws(BenchFailure) {
        guard let saveAs else { return }
        try RunFiles.write(result, to: saveAs)
        print("Saved the run as the baseline \(saveAs).")
    }

    /// Measures the cases with these keys again, timings only, and returns
    /// that run.
    typealias Remeasurement = (Set<String>) throws(BenchFailure) -> RunResult

    /// Prints the comparison and returns it; throws a regression when
    /// something regressed, and `countsNotComparable` when nothing did but
    /// the instruction counts could not be compared at all.
    ///
    /// With `remeasure`, when timings are all that regressed, their cases are
    /// measured once more and a timing regresses only if it does again
    /// (`BaselineComparison.confirmingTimings`); any other regression fails
    /// the run whatever a second measurement says, so none is taken. Timings
    /// that regress again are handed to `timingsRegressed` and thrown as
    /// `timingRegression`: only the baseline's build measured beside this one
    /// can tell a slower code path from a host slowed for that long.
    @discardableResult
    func check(
        _ result: RunResult, against baseline: RunResult, remeasure: Remeasurement? = nil,
        timingsRegressed: ((GateReport) throws(BenchFailure) -> Void)? = nil
    )
        throws(BenchFailure) -> GateReport
    {
        var rules = question.rules
        rules.timingTolerance = timingTolerance
        var report: GateReport
        do {
            report = try BaselineComparison.compare(
                baseline: baseline, current: result, rules: rules,
                confirmsTimings: remeasure != nil)
        } catch {
            throw .unusable("\(error)")
        }
        let timings = report.timingRegressions
        if let remeasure, !timings.isEmpty, timings.count == report.regressions.count {
            let cases = Set(timings.map(\.caseKey))
            print(
                "\n\(timings.count) timing(s) regressed and nothing else: measuring their \(cases.count) case(s) again."
            )
            report = BaselineComparison.confirmingTimings(
                of: report, baseline: baseline, remeasured: try remeasure(cases), rules: rules)
        }
        print(
            "\nCompared with the baseline (\(baseline.provenance.date), commit \(baseline.provenance.commit ?? "unknown")):"
        )
        print(report.table(), terminator: "")
        guard report.passed else {
            switch question {
            case .reproduction:
                throw BenchFailure(
                    .regression,
                    "\(report.regressions.count) count(s) moved from the baseline's (listed above): "
                        + "the code no longer counts what it counted")
            case .regression where remeasure != nil && report.timingRegressions.count == report.regressions.count:
                try timingsRegressed?(report)
                throw BenchFailure(
                    .timingRegression,
                    "\(report.regressions.count) timing(s) regressed (listed above) and "
                        + "nothing else: measure their cases beside the baseline's commit on this host to tell the code from "
                        + "the host (scripts/gate does)")
            case .regression, .timingsSideBySide:
                throw BenchFailure(.regression, Self.failure(report))
            }
        }
        if case .notComparable(let reason) = report.instructionCounts {
            throw BenchFailure(
                .countsNotComparable,
                "no instruction count was compared (\(reason)): compare with a run "
                    + "of the baseline's commit on this host, as scripts/gate does")
        }
        return report
    }

    /// "3 metric(s) regressed against the baseline, 2 missing from it (listed above)".
    private static func failure(_ report: GateReport) -> String {
        let missing = report.regressions.filter { $0.verdict == .missing }.count
        let regressed = report.regressions.count - missing
        let parts =
            (regressed > 0 ? ["\(regressed) metric(s) regressed against the baseline"] : [])
            + (missing > 0
                ? ["\(missing) not compared: a store, case or metric missing from the baseline or from the run"] : [])
        return parts.joined(separator: ", ") + " (listed above)"
    }

    /// What the gate catches in the baseline at `path`, figure by figure, as
    /// Markdown (`ToleranceTable`).
    public static func toleranceTable(baseline path: String) throws(BenchFailure) -> String {
        ToleranceTable(baseline: try RunFiles.read(path, role: "baseline")).markdown()
    }

    /// Compares a saved run with the baseline.
    public func compare(savedRun path: String) throws(BenchFailure) {
        guard let baseline = try prepare() else { throw .usage("compare needs --baseline FILE") }
        try check(try RunFiles.read(path, role: "current run"), against: baseline)
    }
}
