import BenchDriver
import BenchReport
import BenchResults
import Foundation
import Instrumentation

/// What a run shows while it goes. Each case's table goes to standard output
/// the moment the case ends, so a log or a killed job keeps what finished.
/// On a terminal, standard error carries one progress line, rewritten as the
/// run goes (case, store and round, how far, how long); elsewhere, as in CI
/// logs, it gets one line per case as the case starts.
final class TerminalProgress: RunProgress, Sendable {
    private struct Lines {
        var caseLine = ""
        var roundLine = ""
        var lastDraw: UInt64 = 0
    }

    private let lines = LockedValue(Lines())
    private let isTerminal: Bool
    private let stores: [String]
    private let rounds: Int
    private let started = MonotonicClock.now()

    init(stores: [String], rounds: Int, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.stores = stores
        self.rounds = rounds
        self.isTerminal = isTerminal
    }

    func caseStarted(_ index: Int, of total: Int, _ plannedCase: SuitePlan.Case) {
        let line = "[\(index + 1)/\(total)] \(plannedCase.scenario.rawValue) \(plannedCase.label)"
        lines.withLock { $0.caseLine = line }
        if isTerminal {
            draw(force: true)
        } else {
            FileHandle.standardError.write(Data("bench: \(line)\n".utf8))
        }
    }

    func roundStarted(store: String, round: Int?, of rounds: Int) {
        let line = round.map { "\(store) round \($0 + 1)/\(rounds)" } ?? "\(store) warm-up"
        lines.withLock { $0.roundLine = line }
        draw(force: true)
    }

    func roundProgressed(_ fraction: Double) {
        lines.withLock { lines in
            if let range = lines.roundLine.range(of: " ·") { lines.roundLine.removeSubrange(range.lowerBound...) }
            lines.roundLine += " · \(Int(fraction * 100))%"
        }
        draw(force: false)
    }

    func caseFinished(_ result: CaseResult) {
        clearLine()
        print(TerminalReport.render(result, stores: stores, rounds: rounds), terminator: "")
    }

    /// Clears the progress line before the run's closing lines.
    func finish() {
        clearLine()
    }

    private func clearLine() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    private func draw(force: Bool) {
        guard isTerminal else { return }
        let now = MonotonicClock.now()
        let line: String? = lines.withLock { lines in
            guard force || now - lines.lastDraw > 100_000_000 else { return nil }
            lines.lastDraw = now
            let elapsed = Double(now - started) / 1e9
            return "\r\u{1B}[2K\(lines.caseLine) · \(lines.roundLine) · \(String(format: "%.1f", elapsed)) s"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }
}
