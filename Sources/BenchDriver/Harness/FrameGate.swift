import Foundation

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
final class FrameGate: @unchecked Sendable {
    // @unchecked: the state is accessed only under `condition`.
    private let condition = NSCondition()
    private var startedFrame = -1
    private var appliedBatches = 0
    private var finished = false

    /// Main thread: frame `frame` begins; batches due in it may be written.
    func start(frame: Int) {
        condition.withLock {
            startedFrame = frame
            condition.broadcast()
        }
    }

    /// Main thread: waits until `count` batches have been applied, calling
    /// `serve` every 100 µs meanwhile: a writer whose store hops to the main
    /// thread waits for it, as a run loop serves `DispatchQueue.main.sync`.
    func waitForBatches(_ count: Int, serving serve: () -> Void) {
        while true {
            let done = condition.withLock { () -> Bool in
                if appliedBatches < count && !finished {
                    _ = condition.wait(until: Date(timeIntervalSinceNow: 0.000_1))
                }
                return appliedBatches >= count || finished
            }
            if done { return }
            serve()
        }
    }

    /// Writer: waits until frame `frame` has begun; false once the main
    /// thread has finished and no frame will begin again.
    func waitForFrame(_ frame: Int) -> Bool {
        condition.withLock {
            while startedFrame < frame && !finished { condition.wait() }
            return startedFrame >= frame
        }
    }

    /// Writer: one more batch applied.
    func batchApplied() {
        condition.withLock {
            appliedBatches += 1
            condition.broadcast()
        }
    }

    /// Either side: stop; nobody waits for the other any more.
    func finish() {
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }
}
