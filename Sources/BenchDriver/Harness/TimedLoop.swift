import BenchMetrics
import Instrumentation

/// What a timed loop measured on the calling thread.
public struct LoopMeasurement: Sendable {
    public var latency: LatencySummary
    public var operations: Int
    /// Over all operations; nil when allocations cannot be counted.
    public var allocations: AllocationCount?
    public var locks: LockTally
    public var usage: ThreadUsage
}

/// Times an operation repeated on the calling thread.
public enum TimedLoop {
    /// Runs `operation(i)` for `i` in `0..<count` after `warmup` untimed
    /// runs (with `i` from `0..<warmup`).
    ///
    /// Each operation is timed alone when it takes at least
    /// `ClockCalibration.batchingFactor` clock reads; cheaper ones are timed
    /// in batches and divided, which the summary records. Allocations and lock
    /// acquisitions are counted over the whole timed part.
    public static func run(
        count: Int, warmup: Int = 0, context: RoundContext, _ operation: (Int) -> Void
    ) throws -> LoopMeasurement {
        precondition(count > 0, "a timed loop needs at least one operation")
        let warmupStart = MonotonicClock.now()
        for index in 0..<warmup { operation(index) }
        let estimate = warmup == 0 ? .infinity : Double(MonotonicClock.now() - warmupStart) / Double(warmup)
        let batch = min(count, context.calibration.operationsPerSample(forEstimatedNanoseconds: estimate))
        var recorder = LatencyRecorder(operationsPerSample: batch)

        let measurement = try context.countsAllocations ? ThreadMeasurement() : nil
        let locks = ThreadLockRecorder()
        let usageStart = ThreadUsage.current()
        try measurement?.start()
        locks.recording {
            var index = 0
            if batch == 1 {
                while index < count {
                    let start = MonotonicClock.now()
                    operation(index)
                    recorder.record(MonotonicClock.now() &- start)
                    index += 1
                }
            } else {
                while index + batch <= count {
                    let start = MonotonicClock.now()
                    for offset in 0..<batch { operation(index + offset) }
                    recorder.recordBatch(totalNanoseconds: MonotonicClock.now() &- start)
                    index += batch
                }
            }
        }
        let report = try measurement?.stop()
        measurement?.finish()
        let operations = Int(recorder.summary.operations)
        return LoopMeasurement(
            latency: recorder.summary,
            operations: operations,
            allocations: report?.allocations,
            locks: locks.total,
            usage: ThreadUsage.current().since(usageStart)
        )
    }
}
