import BenchApp
import BenchReport
import BenchResults
import Foundation
import ModelGraph
import RegressionGate

/// What is fuzzed: each file `bench` reads, through what `bench` does with it.
/// Besides not crashing, each target checks what must hold of any input,
/// and traps (a finding, with the input saved by libFuzzer) when it does not:
/// an error is one line; a file bench accepts and writes back is accepted
/// again; every store makes the same of the same payload.
enum FuzzTarget: String, CaseIterable {
    /// `bench report`: a results.json decoded, checked, its drift taken
    /// from the committed baseline, and every report file rendered.
    case resultsReport = "results-report"
    /// `bench compare`: a baseline decoded and compared with the committed
    /// baseline, both ways, and the gate's table printed.
    case baselineCompare = "baseline-compare"
    /// `bench merge` and `bench join`: a results.json pooled with itself,
    /// twice and three times, and split case by case and joined again; each
    /// result read back. (Pooled with the whole committed baseline it ran at
    /// 8 inputs a second.)
    case merge = "merge"
    /// cold-load and background-sync: payload JSON decoded and merged into
    /// a fresh store of every design.
    case payloadMerge = "payload-merge"

    nonisolated(unsafe) static var selected = FuzzTarget.resultsReport

    /// The committed baseline, read from the working directory (the
    /// repository root, where scripts/fuzz runs): a valid run to compare,
    /// pool and take drift from.
    nonisolated(unsafe) private static var reference: RunResult?

    func prepare() {
        guard self == .resultsReport || self == .baselineCompare else { return }
        do {
            Self.reference = try RunResult.read(from: URL(fileURLWithPath: "results/baseline.json"))
        } catch {
            fatalError("run from the repository root, beside results/baseline.json: \(error)")
        }
    }

    func run(_ input: Data) {
        switch self {
        case .resultsReport: Self.report(input)
        case .baselineCompare: Self.compare(input)
        case .merge: Self.merge(input)
        case .payloadMerge: StoreAgreement.check(input)
        }
    }

    private static func decoded(_ input: Data) -> RunResult? {
        do {
            return try RunResult.decode(input, path: "input.json")
        } catch {
            oneLine("\(error)")
            return nil
        }
    }

    private static func report(_ input: Data) {
        guard var run = decoded(input) else { return }
        readsBack(run)
        if let reference, let drifted = try? run.recordingDrift(from: reference) { run = drifted }
        _ = ReportFiles.render(run, context: .scenarios)
        _ = TerminalReport.render(run)
    }

    private static func compare(_ input: Data) {
        guard let run = decoded(input), let reference else { return }
        for (baseline, current) in [(run, reference), (reference, run)] {
            do {
                _ = try BaselineComparison.compare(baseline: baseline, current: current).table()
            } catch {
                oneLine("\(error)")
            }
        }
    }

    private static func merge(_ input: Data) {
        guard let run = decoded(input) else { return }
        for runs in [[run, run], [run, run, run]] {
            do {
                readsBack(try RunResult.merging(runs))
            } catch {
                oneLine("\(error)")
            }
        }
        let pieces = run.cases.map { one -> RunResult in
            var piece = run
            piece.cases = [one]
            return piece
        }
        do {
            readsBack(try RunResult.joining(pieces))
        } catch {
            oneLine("\(error)")
        }
    }

    /// What bench writes of a run it accepted, it must accept when read.
    private static func readsBack(_ run: RunResult) {
        do {
            _ = try RunResult.decode(run.json(), path: "written.json")
        } catch {
            fatalError("bench accepted a run it then cannot read back: \(error)")
        }
    }
}

/// Errors reach the user as one line (the README's promise for bad input).
func oneLine(_ message: String) {
    if message.contains(where: \.isNewline) { fatalError("an error of more than one line: \(message)") }
}
