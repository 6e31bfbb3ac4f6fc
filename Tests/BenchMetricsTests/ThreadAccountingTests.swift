import Foundation
import Instrumentation
import Testing

@testable import BenchMetrics

@Suite("Thread accounting")
struct ThreadAccountingTests {
    final class Shared: @unchecked Sendable {
        let lock = InstrumentedLock(site: .storeState)
        var value = 0
    }

    @Test("a thread that sleeps shows voluntary context switches and little CPU")
    func threadUsage() {
        let start = ThreadUsage.current()
        for _ in 0..<5 { usleep(2_000) }
        let usage = ThreadUsage.current().since(start)
        #expect(usage.voluntarySwitches >= 5)
        #expect(usage.wallNanoseconds >= 10_000_000)
        #expect(usage.cpuShare < 0.5)
    }

    @Test(
        "a thread measurement gathers allocations, locks and usage together",
        .disabled(if: Sanitizers.isActive, "a sanitizer owns malloc, so jemalloc cannot count allocations")
    )
    func threadMeasurement() throws {
        let shared = Shared()
        let measurement = try ThreadMeasurement()
        var kept: [Shared] = []
        kept.reserveCapacity(10)
        try measurement.start()
        for _ in 0..<10 {
            kept.append(Shared())
            shared.lock.withLock { shared.value += 1 }
        }
        let report = try measurement.stop()
        measurement.finish()
        // Each Shared is one object and one pthread mutex.
        #expect(report.allocations.mallocs == 20)
        #expect(report.locks[.storeState]?.acquisitions == 10)
        #expect(report.usage.wallNanoseconds > 0)
    }
}
