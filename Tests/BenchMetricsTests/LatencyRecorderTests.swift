import Synchronization
import TestSupport
import Testing

@testable import BenchMetrics
@testable import BenchStatistics

@Suite("Latency recording")
struct LatencyRecorderTests {
    @Test("percentiles of a known uniform distribution")
    func uniformPercentiles() {
        var recorder = LatencyRecorder()
        for value in 1...100_000 { recorder.record(UInt64(value)) }
        let summary = recorder.summary
        func close(_ measured: Double, _ truth: Double) -> Bool { abs(measured - truth) / truth < 0.001 }
        #expect(summary.samples == 100_000)
        #expect(close(summary.p50, 50_000))
        #expect(close(summary.p90, 90_000))
        #expect(close(summary.p99, 99_000))
        #expect(close(summary.p999, 99_900))
        #expect(close(summary.max, 100_000))
        #expect(close(summary.mean, 50_000.5))
        #expect(!summary.isBatched)
    }

    @Test("a batch is recorded as its per-operation mean and counts all its operations")
    func batchesDivide() {
        var recorder = LatencyRecorder(operationsPerSample: 10)
        for _ in 0..<5 { recorder.recordBatch(totalNanoseconds: 1_000) }
        let summary = recorder.summary
        #expect(summary.samples == 5)
        #expect(summary.operations == 50)
        #expect(summary.p50 == 100)
        #expect(summary.isBatched)
        #expect(summary.operationsPerSecond == 10_000_000)
    }

    @Test("merging per-thread recorders loses no sample")
    func mergeKeepsEverySample() {
        let threads = 4, perThread = 25_000
        let recorders = Mutex<[LatencyRecorder]>([])
        runOnThreads(threads) { thread in
            var recorder = LatencyRecorder()
            for value in 0..<perThread { recorder.record(UInt64(1 + value + thread)) }
            recorders.withLock { $0.append(recorder) }
        }
        var merged = LatencyRecorder()
        for recorder in recorders.withLock({ $0 }) { merged.merge(recorder) }
        #expect(merged.sampleCount == UInt64(threads * perThread))
    }

    @Test("a fixed-rate recording charges a stall to the operations queued behind it")
    func coordinatedOmissionIsCorrected() {
        // Operations due every 1,000 ns take 10 ns, but the first stalls for
        // 10,000 ns: nine operations queue behind it.
        let schedule = OpenLoopSchedule(start: 0, intervalNanoseconds: 1_000)
        var corrected = LatencyRecorder()
        var naive = LatencyRecorder()
        var free: UInt64 = 0
        for index in 0..<100 {
            let due = schedule.intendedStart(of: index)
            let start = max(due, free)
            let end = start + (index == 0 ? 10_000 : 10)
            corrected.record(intendedStart: due, end: end, actualStart: start)
            naive.record(end - start)
            free = end
        }
        // Measured from their actual start, the queued operations look fast.
        #expect(naive.summary.p99 == 10)
        // Measured from when they were due, operations 1 to 9 waited 9,010 ns
        // down to 1,090 ns, and that shows in the tail.
        #expect(corrected.summary.max >= 10_000)
        #expect(corrected.summary.p99 >= 9_000)
        #expect(corrected.summary.p50 == 10)
    }

    @Test("the clock is calibrated and cheap operations are batched")
    func clockCalibration() {
        let calibration = ClockCalibration.measure(reads: 10_000)
        #expect(calibration.overheadNanoseconds > 0)
        #expect(calibration.overheadNanoseconds < 10_000)
        let fixed = ClockCalibration(overheadNanoseconds: 30, resolutionNanoseconds: 1)
        #expect(fixed.operationsPerSample(forEstimatedNanoseconds: 1) == 300)
        #expect(fixed.operationsPerSample(forEstimatedNanoseconds: 30) == 10)
        #expect(fixed.operationsPerSample(forEstimatedNanoseconds: 300) == 1)
        #expect(fixed.operationsPerSample(forEstimatedNanoseconds: 5_000) == 1)
    }
}
