import BenchTestSupport
import Testing

@testable import BenchMetrics
@testable import BenchReport
@testable import BenchResults
@testable import BenchStatistics

/// Charts a reader can read: the parameter that varies named, the metric
/// that decides drawn, frame budgets drawn, bounds drawn as bounds, and no
/// text off the canvas or over other text.
@Suite("Charts")
struct ChartTests {
    /// Three cases of one scenario, N = 1, 10, 100, each store's time and
    /// instruction count growing with N; the first store an upper bound.
    static func sweep(counted: Bool) -> RunResult {
        let timing = MetricDescriptor(
            id: "frame.p50", label: "a frame of a long description p50", unit: .microseconds, kind: .timing)
        let count = MetricDescriptor(
            id: "frame.instructions", label: "a frame instructions, mean", unit: .perOperation,
            kind: .instructions)
        let designs = ["a-store-with-a-long-name", "b", "c"].enumerated().map { index, name in
            StoreInfo(
                name: name, family: index == 0 ? .liveObjects : .values, threading: .anyThread,
                summary: "", isUpperBound: index == 0, floors: [:])
        }
        let cases = [1, 10, 100].map { size in
            CaseResult(
                scenario: "demo", label: "N=\(size) K=50", parameters: ["N": size, "K": 50], headline: "frame.p50",
                notes: [],
                stores: designs.enumerated().map { index, design in
                    let base = Double(size * (index + 1))
                    return StoreCaseResult(
                        store: design.name,
                        metrics: [
                            MetricSeries(metric: timing, rounds: [base, base * 1.01, base * 0.99])
                        ] + (counted ? [MetricSeries(metric: count, rounds: [base * 1_000])] : []))
                })
        }
        return RunResult(
            provenance: Provenance.collect(seed: 1), profile: "custom", rounds: 3, designs: designs,
            harness: HarnessCosts(
                clock: ClockCalibration(overheadNanoseconds: 30, resolutionNanoseconds: 1),
                perSampleNanoseconds: 100, lockCountingNanoseconds: 8),
            primitiveCosts: [], cases: cases, durationSeconds: 1)
    }

    static let budget = ReportContext(charts: [
        "demo": [
            ReportContext.Chart(
                metric: "frame.p50",
                references: [(16_667, "60 Hz frame")])
        ]
    ])

    @Test("a sweep charts the instruction count where it was counted, and a frame budget where time decides")
    func sweepsChartWhatDecides() throws {
        let counted = try #require(Sweep.all(in: Self.sweep(counted: true), context: Self.budget).first)
        #expect(counted.metric.id == "frame.instructions")
        #expect(counted.references.isEmpty, "a time budget does not bound a count")
        let timed = try #require(Sweep.all(in: Self.sweep(counted: false), context: Self.budget).first)
        #expect(timed.metric.id == "frame.p50")
        // 16,667 µs is far above every point (at most 300 µs): drawn all the same.
        #expect(timed.references.map(\.label) == ["60 Hz frame"])
        #expect(timed.chart(rounds: 3, context: Self.budget).svg().contains(">60 Hz frame</text>"))
    }

    @Test("an upper bound is drawn as a bound: dotted, without a band, marked in the legend")
    func boundsDrawnAsBounds() throws {
        let svg = try #require(Sweep.all(in: Self.sweep(counted: false), context: Self.budget).first)
            .chart(rounds: 3, context: Self.budget).svg()
        #expect(svg.contains(">a-store-with-a-long-name *</text>"))
        #expect(svg.contains("*: an upper bound, drawn dotted"))
        #expect(svg.contains("stroke-dasharray=\"1 3\""))
    }

    @Test(
        "cases whose labels would be cut or alike are numbered and listed in full; a zero and a missing figure differ")
    func caseLegend() {
        let bars = [BarChart.Bar(store: "a", value: 0, low: 0, high: 0, isFavoured: true)]
        let chart = BarChart(
            title: "t", subtitles: [], yLabel: "y (%)", stores: ["a", "b"],
            groups: [
                BarChart.Group(label: "same", bars: bars, marks: []),
                BarChart.Group(label: "same", bars: bars, marks: []),
            ],
            linear: true)
        let svg = chart.svg()
        #expect(svg.contains(">case 1: same<") && svg.contains(">case 2: same<"), "\(svg)")
        #expect(svg.contains(">0<"), "a zero is written as one")
        #expect(svg.contains(">–<"), "b has no figure: marked missing")
        let shares = BarChart(
            title: "t", subtitles: [], yLabel: "share (%)", stores: ["a"],
            groups: [
                BarChart.Group(
                    label: "x",
                    bars: [
                        BarChart.Bar(store: "a", value: 1, low: 1, high: 1, isFavoured: true)
                    ], marks: []),
                BarChart.Group(
                    label: "y",
                    bars: [
                        BarChart.Bar(store: "a", value: 99.8, low: 99.8, high: 99.8, isFavoured: true)
                    ], marks: []),
            ], linear: true)
        #expect(!shares.svg().contains("log scale"), "a share keeps a linear axis")
    }

    @Test("a claim chart's cases are named by what varies among them")
    func caseLabelsNameWhatVaries() {
        let run = Self.sweep(counted: false)
        #expect(ClaimCharts.label(run.cases[1], among: run.cases) == "N=10")
        let other = CaseResult(
            scenario: "other", label: "N=10 K=50", parameters: ["N": 10, "K": 50], headline: "x",
            notes: [], stores: [])
        #expect(ClaimCharts.label(other, among: run.cases + [other]) == "other")
        #expect(ClaimCharts.label(run.cases[0], among: [run.cases[0]]) == "demo N=1 K=50")
    }

    @Test("a chart with long titles and labels keeps its text on the canvas and clear of other text")
    func longTextFits() throws {
        let groups = (1...13).map { index in
            BarChart.Group(
                label: "background-sync hz=0 batch=\(index * 1_000) rate=600 K=50 readers=0 frames=5000",
                bars: ["a", "b"].map {
                    BarChart.Bar(store: $0, value: Double(index), low: 0.9, high: 1.1, isFavoured: true)
                },
                marks: [(8_333, "≤ 8,333 µs")])
        }
        let chart = BarChart(
            title: "Claim 3, Vesper: main: whole frame, store work and drawing (CPU) p99, with a title this long",
            subtitles: [String(repeating: "a subtitle that runs on and on ", count: 6)],
            yLabel: "main: whole frame, store work and drawing (CPU) p99 (µs) and then some more words",
            stores: ["a", "b"],
            upperBounds: ["a"], groups: groups)
        let layout = try #require(ChartLayout(svg: chart.svg()))
        #expect(layout.problems.isEmpty, "\(layout.problems)")
    }

    @Test("a case two tests of one metric are judged on is one group of its claim's chart, with both marks")
    func oneGroupPerCase() throws {
        var run = ReportSummaryTests.run(["a": 300, "b": 100, "c": 120])
        var before = run.cases[0]
        before.parameters = ["N": 2]
        before.label = "N=2"
        run.cases.append(before)
        let context = ReportSummaryTests.claims([
            ClaimTest(scenario: "demo", parameters: ["N": 1], metric: "op.p50", rule: .atMost(150, meaning: "fast")),
            ClaimTest(
                scenario: "demo", parameters: ["N": 1], metric: "op.p50",
                rule: .improvesOn(before: ["N": 2], meaning: "the old way")),
        ])
        let chart = try #require(ClaimCharts.all(run, context: context).first?.chart)
        #expect(chart.groups.map(\.label) == ["demo N=1"], "\(chart.groups.map(\.label))")
        #expect(
            chart.groups.first?.marks.map(\.label) == ["≤ 150 ns", "before: b", "before: c"],
            "\(chart.groups.first?.marks.map(\.label) ?? [])")
    }

    @Test("a bound of zero writes its label clear of the zeros written on the bars")
    func zeroBoundClearOfZeros() throws {
        let groups = ["locking=0", "locking=1"].map { label in
            BarChart.Group(
                label: label,
                bars: ["a", "b"].map { BarChart.Bar(store: $0, value: 0, low: 0, high: 0, isFavoured: true) },
                marks: [(0, "≤ 0")])
        }
        let chart = BarChart(
            title: "t", subtitles: [], yLabel: "torn reads (per million)", stores: ["a", "b"],
            groups: groups, linear: true)
        let layout = try #require(ChartLayout(svg: chart.svg()))
        #expect(layout.labels.contains { $0.text == "≤ 0" }, "the bound is labelled")
        #expect(layout.problems.isEmpty, "\(layout.problems)")
    }
}
