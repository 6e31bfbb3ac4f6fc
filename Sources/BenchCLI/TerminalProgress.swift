import BenchDriver
import BenchResults
import Foundation
import Instrumentation
import Synchronization

/// One line on standard error, rewritten as the run goes: which case, which
/// store and round, how far, how long. Silent when standard error is not a
/// terminal, so logs stay clean.
final class TerminalProgress: RunProgress, @unchecked Sendable {
    // @unchecked: the mutable state is accessed only under `lock`.
    private let lock = NSLock()
    private let enabled: Bool
    private let started = MonotonicClock.now()
    private var caseLine = ""
    private var roundLine = ""
    private var lastDraw: UInt64 = 0

    init(enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.enabled = enabled
    }

    func caseStarted(_ index: Int, of total: Int, _ plannedCase: SuitePlan.Case) {
        lock.withLock { caseLine = "[\(index + 1)/\(total)] \(plannedCase.scenario.rawValue) \(plannedCase.label)" }
        draw(force: true)
    }

    func roundStarted(store: String, round: Int, of rounds: Int) {
        lock.withLock { roundLine = "\(store) round \(round + 1)/\(rounds)" }
        draw(force: true)
    }

    func roundProgressed(_ fraction: Double) {
        lock.withLock { if let range = roundLine.range(of: " ·") { roundLine.removeSubrange(range.lowerBound...) } }
        lock.withLock { roundLine += " · \(Int(fraction * 100))%" }
        draw(force: false)
    }

    func caseFinished(_ result: CaseResult) {}

    /// Clears the progress line before the final tables are printed.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    private func draw(force: Bool) {
        guard enabled else { return }
        let now = MonotonicClock.now()
        let line: String? = lock.withLock {
            guard force || now - lastDraw > 100_000_000 else { return nil }
            lastDraw = now
            let elapsed = Double(now - started) / 1e9
            return "\r\u{1B}[2K\(caseLine) · \(roundLine) · \(String(format: "%.1f", elapsed)) s"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }
}
