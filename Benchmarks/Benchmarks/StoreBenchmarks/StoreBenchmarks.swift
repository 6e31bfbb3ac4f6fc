import ARCCounter
import Benchmark
import Foundation
import ModelGraph
import StoreCatalog
import StoreInterface

// Each store's primitive operations, and the primitives they are built from,
// with the retains and releases the main suite cannot count: ARC traffic
// is where a live-object design and a value design differ most.
//
// Every benchmark runs 1,000 operations per iteration (scaling factor kilo);
// the figures are per operation. Names are kebab-case: the thresholds
// reader does not find files for names with spaces.

let benchmarks: @Sendable () -> Void = {
    // Exact counters are gated tightly; time only against a gross regression: on a
    // shared 2-vCPU machine an unchanged build's p90 moves by multiples between runs,
    // most for snapshot-listened, whose operations wait for its manager's thread
    // (docs/CONSTANTS.md, Micro-benchmark thresholds).
    let gate: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: BenchmarkThresholds(relative: [.p90: 1.0], absolute: [.p90: 2]),
        .retains: BenchmarkThresholds(relative: [.p90: 1.0]),
        .releases: BenchmarkThresholds(relative: [.p90: 1.0]),
        .wallClock: BenchmarkThresholds(relative: [.p90: 1000.0]),
    ]
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .retains, .releases],
        warmupIterations: 5,
        scalingFactor: .kilo,
        maxDuration: .milliseconds(500),
        maxIterations: 200,
        thresholds: gate
    )
    var stores = StoreOperations()
    StoreCatalog.visitAll(&stores)
    Primitives.register()
}

/// The primitive operations of every store of the catalog, on a graph of
/// 20,000 models.
struct StoreOperations: StoreVisitor {
    /// The suite's configuration, but for a store whose own thread delivers
    /// observers: how many changes one delivery carries depends on scheduling,
    /// so its counters are gated within 2x (docs/CONSTANTS.md, Micro-benchmark
    /// thresholds).
    static func configuration(for design: StoreDesign) -> Benchmark.Configuration {
        var configuration = Benchmark.defaultConfiguration
        guard design.threading == .anyThreadObservedOnMain else { return configuration }
        for metric in [BenchmarkMetric.retains, .releases, .mallocCountTotal] {
            configuration.thresholds?[metric] = BenchmarkThresholds(relative: [.p90: 100.0])
        }
        return configuration
    }

    mutating func visit<Store: ModelStore>(_ type: Store.Type) {
        let fixture = MainThread.shared.sync { Fixture<Store>() }
        let name = Store.design.name
        let configuration = Self.configuration(for: Store.design)

        Benchmark("\(name)-lookup-of-a-held-note", configuration: configuration) { benchmark in
            // Random notes over the whole graph, as bench's feed-read looks them up.
            let start = fixture.nextLookups()
            counted(benchmark) { index in blackHole(fixture.store.note(fixture.lookupIDs[start + index])) }
        }
        Benchmark("\(name)-row-read-of-a-held-note", configuration: configuration) { benchmark in
            var checksum = Checksum()
            counted(benchmark) { index in
                fixture.store.display(fixture.held[index % fixture.held.count], into: &checksum)
            }
            blackHole(checksum.value)
        }
        Benchmark("\(name)-lookup-of-a-note-nobody-holds", configuration: configuration) { benchmark in
            counted(benchmark) { index in blackHole(fixture.coldStore.note(fixture.noteIDs[index])) }
        }
        // A write ends when its observers have run: a store that delivers
        // later (a consistency manager) is settled after each.
        Benchmark("\(name)-merge-one-partial-user-payload", configuration: configuration) { benchmark in
            counted(benchmark) { index in
                blackHole(try? fixture.store.apply(fixture.userUpdates[index & 1]))
                blackHole(fixture.store.settle())
            }
        }
        Benchmark("\(name)-local-edit-of-a-note", configuration: configuration) { benchmark in
            counted(benchmark) { index in
                blackHole(try? fixture.store.apply(fixture.noteEdits[index & 1]))
                blackHole(fixture.store.settle())
            }
        }
        Benchmark("\(name)-notify-one-observer", configuration: configuration) { benchmark in
            counted(benchmark) { index in
                blackHole(try? fixture.store.apply(fixture.observedUpdates[index & 1]))
                blackHole(fixture.store.settle())
            }
        }
        Benchmark("\(name)-purge-after-a-dead-lookup", configuration: configuration) { benchmark in
            counted(benchmark) { index in
                blackHole(fixture.coldStore.note(fixture.noteIDs[index]))
                blackHole(fixture.coldStore.purge())
            }
        }
    }

    /// A loaded store with screens holding every note, a second store
    /// nobody holds anything from, and the payloads the benchmarks apply.
    final class Fixture<Store: ModelStore>: @unchecked Sendable {
        // @unchecked: built once before the benchmarks run, then only read.
        let store: Store
        let coldStore: Store
        let held: [Store.NoteHandle]
        let noteIDs: [NoteID]
        /// 200,000 random note ids, read 1,000 at a time from a moving offset.
        let lookupIDs: [NoteID]
        private var lookupOffset = 0
        let userUpdates: [ModelPatch]
        let noteEdits: [ModelPatch]
        let observedUpdates: [ModelPatch]
        let token: ObservationToken
        let observedUser: Store.UserHandle?

        init() {
            let graph = try! GeneratedGraph(shape: .app(models: 20_000), seed: 42)
            let store = Store(configuration: StoreConfiguration())
            let coldStore = Store(configuration: StoreConfiguration(purgePolicy: .manual))
            try! store.merge(graph.fullBatch)
            try! coldStore.merge(graph.fullBatch)
            self.store = store
            self.coldStore = coldStore
            held = graph.noteIDs.compactMap { store.note($0) }
            var random = SeededRandom(seed: 7)
            noteIDs = (0..<1_000).map { _ in NoteID(1 + random.below(graph.notes.count)) }
            lookupIDs = (0..<200_000).map { _ in NoteID(1 + random.below(graph.notes.count)) }
            // Two payloads per benchmark, applied alternately, so every one changes something.
            userUpdates = ["Ada Lovelace the First", "Ada Lovelace the Second"].map {
                .user(UserPayload(id: UserID(2), name: .present($0)))
            }
            noteEdits = [true, false].map { .note(NotePayload(id: NoteID(3), isPinned: .present($0))) }
            observedUpdates = [1, 2].map { .user(UserPayload(id: UserID(4), followerCount: .present($0))) }
            observedUser = store.user(UserID(4))
            lookupOffset = 0
            token = store.observe(UserID(4)) { _ in }
        }

        /// Where the next 1,000 lookups start.
        func nextLookups() -> Int {
            let start = lookupOffset
            lookupOffset = (lookupOffset + 1_000) % (lookupIDs.count - 1_000)
            return start
        }
    }
}

/// The primitives the stores are built from.
enum Primitives {
    final class Object: @unchecked Sendable {
        var name = "a name long enough to live on the heap"
    }

    struct WeakBox {
        weak var object: Object?
    }

    final class Fixture: @unchecked Sendable {
        // @unchecked: built once before the benchmarks run, then only read.
        let objects: [Object] = (0..<10_000).map { _ in Object() }
        lazy var table: [Int: Object] = Dictionary(
            uniqueKeysWithValues: objects.enumerated().map { ($0.offset, $0.element) })
        lazy var weakTable: [Int: WeakBox] = Dictionary(
            uniqueKeysWithValues: objects.enumerated().map {
                ($0.offset, WeakBox(object: $0.element))
            })
        let notes: [Int: Note]
        let lock = NSLock()
        let keys: [Int]

        init() {
            let graph = try! GeneratedGraph(shape: .app(models: 20_000), seed: 42)
            let state = graph.state
            notes = Dictionary(uniqueKeysWithValues: graph.noteIDs.map { ($0.rawValue, state.notes[$0]!) })
            var random = SeededRandom(seed: 9)
            keys = (0..<1_000).map { _ in random.below(10_000) }
        }
    }

    static func register() {
        let fixture = MainThread.shared.sync { Fixture() }
        _ = (fixture.table, fixture.weakTable)
        Benchmark("primitive-dictionary-hit-of-an-object") { benchmark in
            counted(benchmark) { index in blackHole(fixture.table[fixture.keys[index]]) }
        }
        Benchmark("primitive-dictionary-hit-and-weak-load") { benchmark in
            counted(benchmark) { index in blackHole(fixture.weakTable[fixture.keys[index]]?.object) }
        }
        Benchmark("primitive-dictionary-hit-and-note-value-copy") { benchmark in
            counted(benchmark) { index in blackHole(fixture.notes[1 + fixture.keys[index]]) }
        }
        Benchmark("primitive-uncontended-lock-and-unlock") { benchmark in
            counted(benchmark) { _ in
                fixture.lock.lock()
                fixture.lock.unlock()
            }
        }
        Benchmark("primitive-allocate-a-small-object") { benchmark in
            counted(benchmark) { _ in blackHole(Object()) }
        }
    }
}

extension BenchmarkMetric {
    static let retains = BenchmarkMetric.custom("retains", polarity: .prefersSmaller, useScalingFactor: true)
    static let releases = BenchmarkMetric.custom("releases", polarity: .prefersSmaller, useScalingFactor: true)
}

/// Runs `operation` for every scaled iteration on the main thread, measured
/// there alone, and records the retains and releases the loop made.
@inline(__always)
func counted(_ benchmark: Benchmark, _ operation: (Int) -> Void) {
    let (retains, releases) = MainThread.shared.sync {
        benchmark.startMeasurement()
        let start = arc_counter_read()
        for index in benchmark.scaledIterations { operation(index) }
        let end = arc_counter_read()
        benchmark.stopMeasurement()
        return (Int(end.retains - start.retains), Int(end.releases - start.releases))
    }
    benchmark.measurement(.retains, retains)
    benchmark.measurement(.releases, releases)
}

struct Checksum: RowSink {
    var value = 0
    mutating func text(_ value: String) { self.value &+= value.utf8.count }
    mutating func number(_ value: Int64) { self.value &+= Int(truncatingIfNeeded: value) }
    mutating func flag(_ value: Bool) { self.value &+= value ? 1 : 0 }
}
