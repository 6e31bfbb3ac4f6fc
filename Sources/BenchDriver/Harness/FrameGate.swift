import Instrumentation

/// Frames and sync batches in virtual time: the main thread's frame `f`
/// covers `[f, f + 1)` frame budgets, a batch is due at its own virtual time,
/// and each side waits for the other instead of for a timer.
///
/// The writer applies a batch once the main thread has started the frame it
/// falls in; the main thread starts a frame once every batch of the frames
/// before it is applied. So a frame's batches are written while that frame
/// is drawn, and the next frame drains what they left: the work each frame
/// sees is set by the schedule, not by timer wake-ups. Waits block (no spin),
/// so they cost neither thread CPU time.
final class FrameGate: Sendable {
    private struct Progress {
        var startedFrame = -1
        var appliedBatches = 0
        var finished = false
    }

    private let progress = LockedCondition(Progress())

    /// Main thread: frame `frame` begins; batches due in it may be written.
    func start(frame: Int) {
        progress.withLock(waking: .all) { $0.startedFrame = frame }
    }

    /// Main thread: waits until `count` batches have been applied, calling
    /// `serve` every 100 µs meanwhile: a writer whose store hops to the main
    /// thread waits for it, as a run loop serves `DispatchQueue.main.sync`.
    func waitForBatches(_ count: Int, serving serve: () -> Void) {
        let applied = { (progress: Progress) in progress.appliedBatches >= count || progress.finished }
        while true {
            let done = progress.withLock(unless: applied, waitingOnceAtMost: 100_000) { applied($0) }
            if done { return }
            serve()
        }
    }

    /// Writer: waits until frame `frame` has begun; false once the main
    /// thread has finished and no frame will begin again.
    func waitForFrame(_ frame: Int) -> Bool {
        progress.withLock(when: { $0.startedFrame >= frame || $0.finished }) { $0.startedFrame >= frame }
    }

    /// Writer: one more batch applied.
    func batchApplied() {
        progress.withLock(waking: .all) { $0.appliedBatches += 1 }
    }

    /// Either side: stop; nobody waits for the other any more.
    func finish() {
        progress.withLock(waking: .all) { $0.finished = true }
    }
}
