import BenchMetrics
import Instrumentation

/// What a timed loop measured on the calling thread; which parts are set
/// depends on the round's `RoundPass`.
@usableFromInline struct LoopMeasurement: Sendable {
    public var operations: Int
    /// Timed rounds.
    public var latency: LatencySummary?
    /// Timed rounds, when allocations can be counted.
    public var allocations: AllocationCount?
    /// The warm-up round.
    public var locks: LockTally?
    /// Rounds counting instructions, over `operations` (an `InstructionSample`).
    public var instructions: UInt64?
    /// Rounds counting instructions: whether more than one thread ran them.
    public var instructionsAcrossThreads = false
    /// Timed rounds: the mean per operation with `finish` shared out over
    /// them, nanoseconds: what an instruction count covers, in time.
    public var meanNanoseconds: Double?
}

/// Runs an operation repeated on the calling thread and measures it as the
/// round's pass says.
@usableFromInline enum TimedLoop {
    /// Runs `operation(i)` for `i` in `0..<warmup` unmeasured, then for `i`
    /// in `0..<count` measured, each followed by `finish`. An instruction
    /// pass counts only the last `InstructionSample.operations(of: count,
    /// operations)` of them (its warm-up round runs only that many).
    ///
    /// Timed rounds time each operation alone, or in batches divided when the
    /// case's `BatchPlan` says the loop is cheaper than ten clock reads on
    /// some store, and count allocations over the whole loop. The warm-up
    /// round counts lock acquisitions instead: recording each one costs a
    /// thread-local update that would otherwise land inside the timings.
    ///
    /// `finish` completes what the operations handed to another thread (a
    /// store's `settle`). It runs outside the percentiles and the lock count,
    /// and inside an instruction count, which covers every thread: a count
    /// that stopped when the loop returned would hold whatever part of that
    /// work the scheduler happened to run by then. The mean per operation
    /// takes it in too, so the time set beside a count is of the same work.
    public static func run(
        count: Int, warmup: Int = 0, _ operations: InstructionSample.Operations = .varied, context: RoundContext,
        _ operation: (Int) -> Void, finish: () -> Void = {}
    ) throws -> LoopMeasurement {
        precondition(count > 0, "a timed loop needs at least one operation")
        let loop = context.nextLoop()
        let warmupStart = MonotonicClock.now()
        for index in 0..<warmup { operation(index) }
        let warmupNanoseconds = MonotonicClock.now() - warmupStart
        if warmup > 0 { finish() }
        var measured = LoopMeasurement(operations: count)

        switch context.pass {
        case .warmUp:
            let locks = ThreadLockRecorder()
            let start = MonotonicClock.now()
            locks.recording { runAll(count, operation) }
            let perOperation = Double(MonotonicClock.now() - start) / Double(count)
            finish()
            context.batches.estimate(loop: loop, nanosecondsPerOperation: perOperation)
            // The store's own locks: how often a main thread polls its run
            // loop's queue (a store that delivers later is waited for so)
            // depends on timing, not on the store's work.
            var own = locks.total
            own.subtract(locks[.mainQueue])
            measured.locks = own
        case .instructionWarmUp:
            runAll(
                InstructionSample.operations(of: count, operations, divisor: context.instructionSampleDivisor),
                operation)
            finish()
        case .instructions(let counter):
            let counted = InstructionSample.operations(of: count, operations, divisor: context.instructionSampleDivisor)
            let first = count - counted
            let firstRun = InstructionSample.firstRun(
                of: count, counting: counted, divisor: context.instructionSampleDivisor)
            for index in firstRun..<first { operation(index) }
            if first > 0 { finish() }
            measured.operations = counted
            let region = try counter.count {
                for index in first..<count { operation(index) }
                finish()
            }
            measured.instructions = region.instructions
            measured.instructionsAcrossThreads = region.threads > 1
        case .timed:
            let planned = context.batches.operationsPerSample(loop: loop, calibration: context.calibration)
            let estimate = warmup == 0 ? .infinity : Double(warmupNanoseconds) / Double(warmup)
            let batch = min(
                count, planned ?? context.calibration.operationsPerSample(forEstimatedNanoseconds: estimate))
            var recorder = LatencyRecorder(operationsPerSample: batch)
            let allocations = try context.countsAllocations ? AllocationCounter() : nil
            defer { allocations?.release() }
            try allocations?.start()
            time(count, into: &recorder, operation)
            measured.allocations = try allocations?.stop()
            let latency = recorder.summary
            measured.latency = latency
            let finishing = MonotonicClock.now()
            finish()
            measured.meanNanoseconds = latency.mean + Double(MonotonicClock.now() - finishing) / Double(count)
        }
        return measured
    }

    private static func runAll(_ count: Int, _ operation: (Int) -> Void) {
        for index in 0..<count { operation(index) }
    }

    /// Times `count` operations, as many to a sample as `recorder` takes. A
    /// remainder smaller than a batch runs untimed: every store runs every
    /// operation whatever the batch size, so counts per operation do not
    /// depend on a timing estimate.
    private static func time(_ count: Int, into recorder: inout LatencyRecorder, _ operation: (Int) -> Void) {
        let batch = recorder.operationsPerSample
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
            while index < count {
                operation(index)
                index += 1
            }
        }
    }
}
