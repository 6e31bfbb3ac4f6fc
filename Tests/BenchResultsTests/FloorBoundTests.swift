import BenchResults
import Testing

/// A floor counts as above its operation only where the rules every
/// comparison uses show it: instructions beyond 1%, timings beyond noise.
@Suite("A floor shown above its operation")
struct FloorBoundTests {
    private func series(_ kind: MetricKind, _ rounds: [Double]) -> MetricSeries {
        MetricSeries(
            metric: MetricDescriptor(id: "op.p50", label: "op", unit: .nanoseconds, kind: kind), rounds: rounds)
    }

    @Test(
        "instruction counts: above only beyond 1% (the frame floor of feed-read at quick size, 1,722 over 1,718, is alike)"
    )
    func instructions() {
        let frame = series(.instructions, [1_718, 1_718, 1_718])
        #expect(!series(.instructions, [1_722, 1_722, 1_722]).isShownAbove(frame))
        #expect(!series(.instructions, [1_600, 1_600, 1_600]).isShownAbove(frame))
        #expect(series(.instructions, [1_740, 1_740, 1_740]).isShownAbove(frame))
        // The struct floors of 7ea2e99: a main-confined held lookup's floor at 1,045 over 559.
        #expect(series(.instructions, [1_045]).isShownAbove(series(.instructions, [559])))
    }

    @Test("timings: above only when the rounds differ significantly")
    func timings() {
        let row = series(.timing, [5.6, 5.7, 5.5, 5.6, 5.8])
        #expect(!series(.timing, [5.7, 5.5, 5.9, 5.6, 5.6]).isShownAbove(row))
        #expect(series(.timing, [18.0, 18.2, 17.9, 18.1, 18.3]).isShownAbove(row))
    }
}
