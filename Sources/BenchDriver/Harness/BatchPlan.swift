import BenchMetrics
import BenchStatistics
import Synchronization

/// How many operations each timed loop of a case times per sample, shared by
/// every store.
///
/// An operation cheaper than ten clock reads is timed in batches and divided.
/// Chosen per store, the threshold could fall between two stores, so one
/// store's percentiles would be of single operations and another's of batch
/// means. Instead the warm-up round reports every store's estimate of each
/// loop (loops are numbered in the order a round runs them, the same on every
/// store), and the timed rounds batch each loop for its cheapest store.
final class BatchPlan: Sendable {
    private let cheapest = Mutex<[Int: Double]>([:])

    init() {}

    /// Records one store's estimate of loop `loop`'s nanoseconds per operation.
    func estimate(loop: Int, nanosecondsPerOperation: Double) {
        cheapest.withLock { estimates in
            estimates[loop] = min(estimates[loop] ?? .infinity, nanosecondsPerOperation)
        }
    }

    /// The operations per sample of loop `loop`, or nil when no warm-up
    /// round estimated it.
    func operationsPerSample(loop: Int, calibration: ClockCalibration) -> Int? {
        cheapest.withLock { $0[loop] }.map { calibration.operationsPerSample(forEstimatedNanoseconds: $0) }
    }
}
