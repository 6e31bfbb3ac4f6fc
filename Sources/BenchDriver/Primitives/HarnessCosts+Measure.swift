import BenchMetrics
import BenchResults
import BenchStatistics
import Instrumentation

extension HarnessCosts {
    /// What timing and counting add to what they measure.
    static func measure(_ calibration: ClockCalibration) -> HarnessCosts {
        var recorder = LatencyRecorder()
        let samples = PrimitiveCosts.iterations(upTo: 200_000) {
            recorder.record(MonotonicClock.now() &- MonotonicClock.now())
        }
        let start = MonotonicClock.now()
        for _ in 0..<samples {
            let begin = MonotonicClock.now()
            recorder.record(MonotonicClock.now() &- begin)
        }
        let perSample = Double(MonotonicClock.now() - start) / Double(samples)
        consume(recorder.summary)

        let lock = InstrumentedLock(site: .storeState)
        let acquisitions = PrimitiveCosts.iterations(upTo: 1_000_000) { lock.withLock {} }
        func timeLocks() -> Double {
            let begin = MonotonicClock.now()
            for _ in 0..<acquisitions { lock.withLock {} }
            return Double(MonotonicClock.now() - begin) / Double(acquisitions)
        }
        var bare = [Double](), counted = [Double]()
        let recorderForLocks = ThreadLockRecorder()
        for _ in 0..<3 {
            bare.append(timeLocks())
            counted.append(recorderForLocks.recording { timeLocks() })
        }
        return HarnessCosts(
            clock: calibration, perSampleNanoseconds: perSample,
            lockCountingNanoseconds: max(0, bare.sorted()[1] == 0 ? 0 : counted.sorted()[1] - bare.sorted()[1]))
    }
}
