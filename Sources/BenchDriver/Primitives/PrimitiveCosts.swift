import BenchMetrics
import BenchResults
import BenchStatistics
import Instrumentation

#if canImport(Glibc)
import Glibc
#endif

/// The single primitives the stores are built from (a clock read, a lock, a
/// dictionary hit, a weak load, a retain, an allocation), measured in this
/// run on tables of their own, so a reader can tell what one costs here.
/// What each store's lookup and row are built from is measured on the store
/// itself, by its `StoreFloor`, in feed-read.
public enum PrimitiveCosts {
    /// How many repetitions of `operation` fit in about 50 ms, at most
    /// `maximum`: a release build runs the maximum; a debug or sanitizer
    /// build, where each repetition costs far more, stays as quick to
    /// calibrate (and to interrupt).
    static func iterations(upTo maximum: Int, of operation: () -> Void) -> Int {
        let probe = 1_000
        let begin = MonotonicClock.now()
        for _ in 0..<probe { operation() }
        let perOperation = max(1, Double(MonotonicClock.now() - begin) / Double(probe))
        return min(maximum, max(probe, Int(50_000_000 / perOperation)))
    }

    /// Models in the primitives' tables: more than fit in the CPU's caches here.
    public static let entries = 50_000

    /// Measures every single primitive on tables of `entries` models with random keys.
    public static func measure(calibration: ClockCalibration, countsAllocations: Bool) -> [PrimitiveCost] {
        let fixture = PrimitiveFixture(entries: Self.entries)
        let context = RoundContext(seed: 1, round: 0, calibration: calibration, countsAllocations: countsAllocations)
        var costs: [PrimitiveCost] = []
        func cost(_ id: String, _ label: String, _ operation: (Int) -> Void) {
            var medians: [Double] = []
            var mallocs = 0.0
            for _ in 0..<3 {
                guard let loop = try? TimedLoop.run(count: 50_000, warmup: 2_000, context: context, operation),
                    let latency = loop.latency
                else { return }
                medians.append(latency.p50)
                mallocs = loop.allocations.map { Double($0.mallocs) / Double(loop.operations) } ?? 0
            }
            medians.sort()
            costs.append(
                PrimitiveCost(
                    id: id, label: label, nanoseconds: medians[medians.count / 2], mallocsPerOperation: mallocs))
        }
        let keys = fixture.keys, mask = fixture.mask
        cost("clock", "clock read") { _ in consume(MonotonicClock.now()) }
        cost("lock", "uncontended lock + unlock (pthread, counted)") { _ in fixture.lock.withLock {} }
        cost("dict.object", "Dictionary<Int, object> hit") { index in consume(fixture.objects[keys[index & mask]]) }
        cost("weak.load", "weak load of a live object") { index in
            consume(fixture.weakRows[keys[index & mask]].object)
        }
        // Storing into a strong property retains the new object and releases
        // the old one: a heap store the optimizer cannot remove, unlike a
        // retain paired with a release it can see.
        let slot = PrimitiveFixture.Slot()
        cost("retain.plain", "retain + release (a strong store), plain object") { index in
            slot.object = fixture.plain[keys[index & mask]]
        }
        cost("retain.weakly", "retain + release (a strong store), object with a side table") { index in
            slot.object = fixture.weaklyHeld[keys[index & mask]]
        }
        cost("malloc.object", "allocate and free a small object") { index in consume(PrimitiveFixture.Tiny(index)) }
        return costs
    }
}
