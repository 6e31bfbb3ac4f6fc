import Testing

@testable import BenchResults

/// How stores are ranked on one metric, against known answers.
@Suite("Ranking stores on a metric")
struct RankingTests {
    static func series(_ rounds: [Double], kind: MetricKind = .timing, lowerIsBetter: Bool = true) -> MetricSeries {
        MetricSeries(
            metric: MetricDescriptor(
                id: "op", label: "op", unit: .nanoseconds, kind: kind, lowerIsBetter: lowerIsBetter),
            rounds: rounds)
    }

    @Test("the fastest store is best; the others are significantly worse by their factor")
    func clearBest() {
        let ranking = MetricRanking(
            metric: Self.series([1]).metric,
            [
                ("a", Self.series([200, 201, 199, 202, 198])),
                ("b", Self.series([100, 101, 99, 102, 98])),
                ("c", Self.series([400, 401, 399, 402, 398])),
            ])
        #expect(ranking.best == "b")
        #expect(ranking.isClear)
        #expect(ranking.leaders == ["b"])
        #expect(ranking.standing(of: "a")?.isWorse == true)
        #expect(abs((ranking.standing(of: "c")?.factor ?? 0) - 4) < 1e-9)
        #expect(ranking.standing(of: "b") == nil)
    }

    @Test("a store within noise of the best shares the lead")
    func withinNoise() {
        let ranking = MetricRanking(
            metric: Self.series([1]).metric,
            [
                ("a", Self.series([100, 130, 90, 120, 95])),
                ("b", Self.series([98, 125, 93, 118, 100])),
                ("c", Self.series([400, 401, 399, 402, 398])),
            ])
        #expect(!ranking.isClear)
        #expect(Set(ranking.leaders) == ["a", "b"])
        #expect(ranking.standing(of: "c")?.isWorse == true)
    }

    @Test("exact counts: a difference past 1% is worse, equal or nearly equal counts share the lead")
    func exactCounts() {
        let metric = Self.series([1], kind: .count).metric
        let ranking = MetricRanking(
            metric: metric,
            [
                ("a", Self.series([3, 3], kind: .count)), ("b", Self.series([3, 3], kind: .count)),
                ("c", Self.series([4, 4], kind: .count)),
            ])
        #expect(ranking.best == "a")
        #expect(ranking.standing(of: "b")?.isWorse == false)
        #expect(ranking.standing(of: "c")?.isWorse == true)
        #expect(abs((ranking.standing(of: "c")?.low ?? 0) - 4.0 / 3 / 1.01) < 1e-9)
        let close = MetricRanking(
            metric: metric,
            [
                ("a", Self.series([562.265, 562.265], kind: .count)),
                ("b", Self.series([562.268, 562.268], kind: .count)),
            ])
        #expect(close.standing(of: "b")?.isWorse == false)
    }

    @Test("where more is better, the highest is best and the factor is how many times fewer")
    func higherIsBetter() {
        let metric = Self.series([1], lowerIsBetter: false).metric
        let ranking = MetricRanking(
            metric: metric,
            [
                ("a", Self.series([100, 101, 99, 102, 98], lowerIsBetter: false)),
                ("b", Self.series([400, 401, 399, 402, 398], lowerIsBetter: false)),
            ])
        #expect(ranking.best == "b")
        #expect(ranking.standing(of: "a")?.isWorse == true)
        #expect(abs((ranking.standing(of: "a")?.factor ?? 0) - 4) < 1e-9)
    }
}
