#if canImport(Glibc)
import Glibc
#endif
import BenchMetrics
import BenchResults
import Instrumentation
import ModelGraph

/// The primitives the stores are built from, measured in this run: a store
/// operation is judged against what its design cannot beat.
///
/// - A's lookup floor: one uncontended lock, one dictionary hit, one weak
///   load of a live object (what `UniquingStore.note(_:)` must do).
/// - B's lookup floor: one uncontended lock, one dictionary hit, one copy of
///   the note value (what `SnapshotStore.note(_:)` must do).
/// - Row floors: reading a note row's fields from live objects under their
///   locks (A), from a value in hand (B).
public enum Floors {
    /// What timing and counting add to what they measure.
    public static func harnessCosts(_ calibration: ClockCalibration) -> HarnessCosts {
        var recorder = LatencyRecorder()
        let samples = iterations(upTo: 200_000) { recorder.record(MonotonicClock.now() &- MonotonicClock.now()) }
        let start = MonotonicClock.now()
        for _ in 0..<samples {
            let begin = MonotonicClock.now()
            recorder.record(MonotonicClock.now() &- begin)
        }
        let perSample = Double(MonotonicClock.now() - start) / Double(samples)
        consumeSummary(recorder.summary)

        let lock = InstrumentedLock(site: .storeState)
        let acquisitions = iterations(upTo: 1_000_000) { lock.withLock {} }
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

    /// How many repetitions of `operation` fit in about 50 ms, at most
    /// `maximum`: a release build runs the maximum; a debug or sanitizer
    /// build, where each repetition costs 100 times more, stays as quick to
    /// calibrate (and to interrupt).
    static func iterations(upTo maximum: Int, of operation: () -> Void) -> Int {
        let probe = 1_000
        let begin = MonotonicClock.now()
        for _ in 0..<probe { operation() }
        let perOperation = max(1, Double(MonotonicClock.now() - begin) / Double(probe))
        return min(maximum, max(probe, Int(50_000_000 / perOperation)))
    }

    /// Measures every floor on tables of `entries` models with random keys.
    public static func measure(entries: Int, calibration: ClockCalibration, countsAllocations: Bool) -> [Floor] {
        let fixture = Fixture(entries: entries)
        let context = RoundContext(seed: 1, round: 0, calibration: calibration, countsAllocations: countsAllocations)
        let count = 50_000
        var floors: [Floor] = []
        func floor(_ id: String, _ label: String, _ operation: (Int) -> Void) {
            var medians: [Double] = []
            var mallocs = 0.0
            for _ in 0..<3 {
                guard let loop = try? TimedLoop.run(count: count, warmup: 2_000, context: context, operation) else { return }
                medians.append(loop.latency.p50)
                mallocs = loop.allocations.map { Double($0.mallocs) / Double(loop.operations) } ?? 0
            }
            medians.sort()
            floors.append(Floor(id: id, label: label, nanoseconds: medians[medians.count / 2], mallocsPerOperation: mallocs))
        }
        let keys = fixture.keys
        floor("clock", "clock read") { _ in consumeValue(MonotonicClock.now()) }
        floor("lock", "uncontended lock + unlock (pthread, counted)") { _ in fixture.lock.withLock {} }
        floor("dict.object", "Dictionary<Int, object> hit") { index in consumeObject(fixture.objects[keys[index & fixture.mask]]) }
        floor("weak.load", "weak load of a live object") { index in
            consumeObject(fixture.weakRows[keys[index & fixture.mask]].object)
        }
        // Storing into a strong property retains the new object and releases
        // the old one: a heap store the optimizer cannot remove, unlike a
        // retain paired with a release it can see.
        let slot = Slot()
        floor("retain.plain", "retain + release (a strong store), plain object") { index in
            slot.object = fixture.plain[keys[index & fixture.mask]]
        }
        floor("retain.weakly", "retain + release (a strong store), object with a side table") { index in
            slot.object = fixture.objectList[keys[index & fixture.mask]]
        }
        floor("lookup.uniquing", "lock + dictionary hit + weak load (A's lookup floor)") { index in
            let key = keys[index & fixture.mask]
            consumeObject(fixture.lock.withLock { fixture.weakTable[key]?.object })
        }
        floor("lookup.snapshot", "lock + dictionary hit + note copy (B's lookup floor)") { index in
            let key = keys[index & fixture.mask]
            consumeNote(fixture.lock.withLock { fixture.noteTable[key] })
        }
        // Rows cycle through one page, as a frame re-reads the rows on screen.
        // Rows go to the same sink the stores' rows go to.
        var sink = RowChecksum()
        floor("row.uniquing", "a note row from objects: 5 locks, 5 string reads (A's row floor)") { index in
            for object in fixture.objectRows[index % Fixture.page] {
                fixture.locks.withLock(stripe: object.stripe) { sink.text(object.text) }
            }
        }
        floor("row.snapshot", "a note row from a value in hand (B's row floor)") { index in
            let note = fixture.notes[index % Fixture.page]
            sink.text(note.attributes.title)
            sink.text(note.author.attributes.name)
            for tag in note.tags { sink.text(tag.attributes.name) }
            sink.flag(note.attributes.isPinned)
            sink.number(note.attributes.updatedAt)
        }
        consumeValue(sink.value)
        floor("malloc.object", "allocate and free a small object") { index in consumeObject(TinyObject(index)) }
        return floors
    }

    /// The data the floors run on, built once.
    final class Fixture: @unchecked Sendable {
        // @unchecked: built once, then only read (and locked) from the measuring thread.
        /// Rows on one screen, as feed-read's default K.
        static let page = 50
        let lock = InstrumentedLock(site: .storeState)
        let locks = StripedLocks(count: 1024, site: .modelFields)
        let keys: [Int]
        let mask: Int
        let objectList: [FloorObject]
        let plain: [FloorObject]
        let objects: [Int: FloorObject]
        let weakTable: [Int: WeakBox]
        let weakRows: [WeakBox]
        let noteTable: [Int: Note]
        let notes: [Note]
        let objectRows: [[FloorObject]]

        init(entries: Int) {
            var random = SeededRandom(seed: 0xF1002)
            let keyCount = 1 << 16
            keys = (0..<keyCount).map { _ in random.below(entries) }
            mask = keyCount - 1
            objectList = (0..<entries).map { FloorObject($0) }
            plain = (0..<entries).map { FloorObject($0) }
            objects = Dictionary(uniqueKeysWithValues: plain.enumerated().map { ($0.offset, $0.element) })
            weakRows = objectList.map { WeakBox($0) }
            weakTable = Dictionary(uniqueKeysWithValues: weakRows.enumerated().map { ($0.offset, $0.element) })
            let graph = try! GeneratedGraph(shape: .app(models: max(20, entries * 2)), seed: 0xF1003)
            let state = graph.state
            notes = graph.noteIDs.prefix(entries).map { state.notes[$0]! }
            noteTable = Dictionary(uniqueKeysWithValues: notes.enumerated().map { ($0.offset, $0.element) })
            let list = objectList
            objectRows = (0..<min(entries, 10_000)).map { row in
                (0..<5).map { list[(row * 5 + $0) % list.count] }
            }
            for object in objectList { object.stripe = locks.stripe(for: object.number) }
        }
    }

    final class FloorObject: @unchecked Sendable {
        let number: Int
        var text: String
        var stripe = 0

        init(_ number: Int) {
            self.number = number
            self.text = "a string long enough to live on the heap \(number)"
        }
    }

    /// Somewhere to store a strong reference.
    final class Slot: @unchecked Sendable {
        var object: FloorObject?
    }

    final class TinyObject {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    struct WeakBox {
        weak var object: FloorObject?
        init(_ object: FloorObject) { self.object = object }
    }
}

@inline(never) private func consumeValue(_ value: some Any) { withExtendedLifetime(value) {} }
@inline(never) private func consumeObject(_ value: AnyObject?) { withExtendedLifetime(value) {} }
@inline(never) private func consumeNote(_ value: Note?) { withExtendedLifetime(value) {} }
@inline(never) private func consumeSummary(_ value: LatencySummary) { withExtendedLifetime(value) {} }
