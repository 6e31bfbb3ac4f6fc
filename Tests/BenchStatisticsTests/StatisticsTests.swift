import Foundation
import Testing

@testable import BenchStatistics

@Suite("Statistics")
struct StatisticsTests {
    /// Normal samples from a seeded generator (Box-Muller).
    static func normal(mean: Double, deviation: Double, count: Int, seed: UInt64) -> [Double] {
        var state = seed
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        return (0..<count).map { _ in
            mean + deviation * (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
        }
    }

    @Test("identical samples do not differ")
    func identical() {
        let samples = Self.normal(mean: 100, deviation: 5, count: 20, seed: 1)
        let comparison = Comparison(baseline: samples, candidate: samples)
        #expect(comparison.verdict == .same)
        #expect(comparison.ratio == 1)
        #expect(comparison.pValue > 0.9)
    }

    @Test("clearly shifted samples differ significantly, in the right direction")
    func shifted() {
        let baseline = Self.normal(mean: 100, deviation: 5, count: 20, seed: 2)
        let slower = Self.normal(mean: 120, deviation: 5, count: 20, seed: 3)
        let comparison = Comparison(baseline: baseline, candidate: slower)
        #expect(comparison.verdict == .higher)
        #expect(comparison.pValue < 0.001)
        #expect(Comparison(baseline: slower, candidate: baseline).verdict == .lower)
    }

    @Test("a real but tiny difference stays under the timing tolerance")
    func belowNoiseFloor() {
        let baseline = Self.normal(mean: 1_000, deviation: 0.5, count: 30, seed: 4)
        let candidate = baseline.map { $0 * 1.01 }
        let comparison = Comparison(baseline: baseline, candidate: candidate, tolerance: 0.02)
        #expect(comparison.pValue < 0.05)
        #expect(comparison.verdict == .same)
    }

    @Test("the bootstrap interval covers the true median about as often as it claims")
    func intervalCoverage() {
        var covered = 0
        let trials = 60
        for seed in 0..<trials {
            let samples = Self.normal(mean: 1_000, deviation: 50, count: 31, seed: UInt64(seed) + 100)
            let summary = SampleSummary(samples, resamples: 1_000)
            if summary.confidenceLow <= 1_000 && 1_000 <= summary.confidenceHigh { covered += 1 }
            #expect(summary.confidenceLow <= summary.median && summary.median <= summary.confidenceHigh)
        }
        // 95% nominal; the percentile bootstrap of a median runs a little under.
        #expect(covered >= trials * 85 / 100)
    }

    @Test("outliers are classified, not dropped; wide intervals are flagged noisy")
    func outliersAndNoise() {
        let samples = [Double](repeating: 100, count: 8) + [101, 99, 100.5, 99.5, 130, 1_000]
        let summary = SampleSummary(samples)
        #expect(summary.count == samples.count)
        #expect(summary.max == 1_000)
        #expect(summary.outliers.highSevere == 2)
        #expect(!summary.isNoisy)
        let scattered = SampleSummary([100, 150, 80, 200, 120, 60, 170])
        #expect(scattered.isNoisy)
    }
}
