import Instrumentation
import Testing

@testable import BenchDriver
@testable import BenchMetrics
@testable import BenchStatistics

@Suite("Timed loop")
struct TimedLoopTests {
    @Test("the warm-up round plans a batch every store shares, and every operation runs whatever the batch")
    func sharedBatchRunsEveryOperation() throws {
        let calibration = ClockCalibration.measure(reads: 10_000)
        let plan = BatchPlan()
        var sink = 0
        func context(_ pass: RoundPass) -> RoundContext {
            RoundContext(
                seed: 1, round: 0, calibration: calibration, countsAllocations: false, pass: pass, batches: plan)
        }
        // A cheap store and an expensive one run the same loop in the warm-up.
        _ = try TimedLoop.run(count: 1_000, context: context(.warmUp)) { sink &+= $0 }
        let warmUp = try TimedLoop.run(count: 1_000, context: context(.warmUp)) { index in
            for step in 0..<2_000 { sink &+= step ^ index }
        }
        #expect(warmUp.latency == nil, "the warm-up round times nothing")
        #expect(warmUp.locks?.acquisitions == 0)

        // Both are timed with the cheap one's batch, and every one of 1,001
        // operations runs, a remainder of a batch included.
        for cost in [1, 2_000] {
            var calls = 0
            let timed = try TimedLoop.run(count: 1_001, context: context(.timed)) { index in
                calls += 1
                for step in 0..<cost { sink &+= step ^ index }
            }
            #expect(calls == 1_001)
            #expect(timed.operations == 1_001)
            #expect(
                try #require(timed.latency).operationsPerSample > 1, "cost \(cost): not batched like the cheap store")
            #expect(timed.locks == nil, "locks are counted in the warm-up, not while timing")
        }
        withExtendedLifetime(sink) {}
    }

    @Test("finish runs after the warm-up operations and after the measured ones, in every pass")
    func finishFollowsEachPhase() throws {
        let calibration = ClockCalibration.measure(reads: 1_000)
        for pass in [RoundPass.warmUp, .timed] {
            let context = RoundContext(
                seed: 1, round: 0, calibration: calibration, countsAllocations: false,
                pass: pass, batches: BatchPlan())
            var events: [String] = []
            _ = try TimedLoop.run(count: 3, warmup: 2, context: context) {
                events.append("op \($0)")
            } finish: {
                events.append("finish")
            }
            #expect(events == ["op 0", "op 1", "finish", "op 0", "op 1", "op 2", "finish"], "\(pass)")

            events = []
            _ = try TimedLoop.run(count: 2, context: context) {
                events.append("op \($0)")
            } finish: {
                events.append("finish")
            }
            #expect(events == ["op 0", "op 1", "finish"], "\(pass): no warm-up, nothing to finish before")
        }
    }

    /// An instruction count covers the finish (a settle): the time set beside
    /// it must too, and be the same statistic, a mean.
    @Test("the mean per operation shares out the finish over the operations, as an instruction count does")
    func meanTakesInTheFinish() throws {
        let context = RoundContext(
            seed: 1, round: 0, calibration: ClockCalibration.measure(reads: 1_000),
            countsAllocations: false, pass: .timed, batches: BatchPlan())
        var finishing: UInt64 = 0
        var sink = 0
        let loop = try TimedLoop.run(count: 10, context: context) {
            sink &+= $0
        } finish: {
            let start = MonotonicClock.now()
            for step in 0..<200_000 { sink &+= step }
            finishing = MonotonicClock.now() - start
        }
        let mean = try #require(loop.meanNanoseconds)
        let latency = try #require(loop.latency)
        #expect(mean >= latency.mean + Double(finishing) / 10 * 0.999, "mean \(mean), finish \(finishing) ns over 10")
        withExtendedLifetime(sink) {}
    }

    @Test("an instruction pass counts a tenth of a long loop, at least 2,000 operations, and all of a short one")
    func instructionSampleSizes() {
        #expect(InstructionSample.operations(of: 1) == 1)
        #expect(InstructionSample.operations(of: 2_000) == 2_000)
        #expect(InstructionSample.operations(of: 2_001) == 2_000)
        #expect(InstructionSample.operations(of: 10_000) == 2_000)
        #expect(InstructionSample.operations(of: 200_000) == 20_000)
        #expect(InstructionSample.operations(of: 500_000) == 50_000)
        // Alike operations: the last quarter, at least eight; long loops as before.
        #expect(InstructionSample.operations(of: 1, .alike) == 1)
        #expect(InstructionSample.operations(of: 4, .alike) == 4)
        #expect(InstructionSample.operations(of: 8, .alike) == 4)
        #expect(InstructionSample.operations(of: 20, .alike) == 5)
        #expect(InstructionSample.operations(of: 50, .alike) == 12)
        #expect(InstructionSample.operations(of: 2_000, .alike) == 500)
        #expect(InstructionSample.operations(of: 200_000, .alike) == 20_000)
    }

    @Test(
        "a store that counts fewer counts a tenth of each varied loop's sample, at least 100, and alike loops as others"
    )
    func dividedInstructionSampleSizes() {
        #expect(InstructionSample.operations(of: 50, divisor: 10) == 50)
        #expect(InstructionSample.operations(of: 2_000, divisor: 10) == 200)
        #expect(InstructionSample.operations(of: 500, divisor: 10) == 100)
        #expect(InstructionSample.operations(of: 50_000, divisor: 10) == 500)
        #expect(InstructionSample.operations(of: 50, .alike, divisor: 10) == 12)
        #expect(InstructionSample.operations(of: 2_000, divisor: 1) == 2_000)
        // It runs as many operations before them as the standard sample would count.
        #expect(InstructionSample.firstRun(of: 50_000, counting: 500, divisor: 10) == 45_000)
        #expect(InstructionSample.firstRun(of: 2_000, counting: 200, divisor: 10) == 0)
        #expect(InstructionSample.firstRun(of: 50_000, counting: 5_000, divisor: 1) == 0)
    }

    @Test("an instruction pass's warm-up runs the operations its counted round counts, then finishes")
    func instructionWarmUpRunsTheSample() throws {
        let context = RoundContext(
            seed: 1, round: 0, calibration: ClockCalibration.measure(reads: 1_000),
            countsAllocations: false, pass: .instructionWarmUp, batches: BatchPlan())
        for (count, kind) in [(50, InstructionSample.Operations.varied), (30_000, .varied), (20, .alike)] {
            var operations: [Int] = []
            var finished = 0
            let loop = try TimedLoop.run(count: count, kind, context: context) {
                operations.append($0)
            } finish: {
                finished += 1
            }
            #expect(operations == Array(0..<InstructionSample.operations(of: count, kind)), "\(count)")
            #expect(finished == 1)
            #expect(loop.latency == nil && loop.instructions == nil && loop.locks == nil, "it measures nothing")
        }
    }
}
