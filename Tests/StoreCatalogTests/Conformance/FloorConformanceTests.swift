import Instrumentation
import StoreInterface
import StoreTestSupport
import Testing

@testable import BenchMetrics
@testable import ModelGraph

/// A store's floor does part of what its lookup and row do, never more: it
/// finds what the lookup finds, reads the fields the row reads, and takes no
/// more locks and allocations than they do.
@Suite("Conformance: every store's floor is a lower bound")
final class FloorConformanceTests {
    @Test("the floor's lookup finds every held note, and nothing for an unknown id", arguments: StoreUnderTest.all)
    func lookupFindsHeldNotes(_ kind: StoreUnderTest) throws {
        try checkLookup(try Fixtures.store(kind, holding: Fixtures.graph(), StoreConfiguration(mainQueue: MainQueue())))
    }

    @Test("the floor's row reads exactly the fields the store's row displays", arguments: StoreUnderTest.all)
    func rowReadsTheSameFields(_ kind: StoreUnderTest) throws {
        try checkRow(try Fixtures.store(kind, holding: Fixtures.graph(), StoreConfiguration(mainQueue: MainQueue())))
    }

    @Test(
        "the floor takes no more locks and allocations than the store's lookup and row", arguments: StoreUnderTest.all)
    func floorCostsNoMore(_ kind: StoreUnderTest) throws {
        try checkCosts(try Fixtures.store(kind, holding: Fixtures.graph(), StoreConfiguration(mainQueue: MainQueue())))
    }

    @Test("the floor names what each operation is built from", arguments: StoreUnderTest.all)
    func floorSaysWhatItIsBuiltFrom(_ kind: StoreUnderTest) {
        func compositions<Store: ModelStore>(_: Store.Type) -> [FloorOperation: String] { Store.Floor.compositions }
        let named = compositions(kind.type)
        #expect(Set(named.keys) == Set(FloorOperation.allCases))
        #expect(named.values.allSatisfy { !$0.isEmpty })
    }

    /// Every note, held and observed as a screen holds what it shows (as
    /// feed-read's screens do): a listening store keeps a tree for each.
    private func held<Store: ModelStore>(_ store: Store) -> [(NoteID, Store.NoteHandle)] {
        observers.append(contentsOf: Fixtures.graph().noteIDs.map { store.observe($0) { _ in } })
        return Fixtures.graph().noteIDs.compactMap { id in store.note(id).map { (id, $0) } }
    }

    private var observers: [ObservationToken] = []

    private func checkLookup<Store: ModelStore>(_ store: Store) throws {
        let notes = held(store)
        #expect(notes.count == Fixtures.graph().noteIDs.count)
        for (id, _) in notes {
            #expect(
                isPresent(Store.Floor.lookUp(id, in: store)), "\(Store.design.name): the floor does not find note \(id)"
            )
        }
        #expect(!isPresent(Store.Floor.lookUp(NoteID(999_999), in: store)))
        withExtendedLifetime(notes) {}
    }

    /// Whether a lookup found something: `Found` is an optional in every store.
    private func isPresent<Found>(_ found: Found) -> Bool {
        if let optional = found as? any OptionalProtocol { return optional.isSome }
        return true
    }

    private func checkRow<Store: ModelStore>(_ store: Store) throws {
        for (id, note) in held(store) {
            var fromStore = RowRecorder(), fromFloor = RowRecorder()
            store.display(note, into: &fromStore)
            Store.Floor.display(note, of: store, into: &fromFloor)
            #expect(fromFloor.fields == fromStore.fields, "\(Store.design.name), note \(id)")
        }
    }

    private func checkCosts<Store: ModelStore>(_ store: Store) throws {
        let notes = held(store)
        // Once each unmeasured, so one-time costs (metadata, caches) fall outside.
        var sink = RowRecorder()
        for (id, note) in notes {
            withExtendedLifetime(store.note(id)) {}
            withExtendedLifetime(Store.Floor.lookUp(id, in: store)) {}
            store.display(note, into: &sink)
            Store.Floor.display(note, of: store, into: &sink)
        }
        let storeLocks = ThreadLockRecorder(), floorLocks = ThreadLockRecorder()
        storeLocks.recording {
            for (id, note) in notes {
                withExtendedLifetime(store.note(id)) {}
                store.display(note, into: &sink)
            }
        }
        floorLocks.recording {
            for (id, note) in notes {
                withExtendedLifetime(Store.Floor.lookUp(id, in: store)) {}
                Store.Floor.display(note, of: store, into: &sink)
            }
        }
        let acquisitions = { (recorder: ThreadLockRecorder) in
            recorder.tallies.values.reduce(0) { $0 + $1.acquisitions }
        }
        #expect(acquisitions(floorLocks) <= acquisitions(storeLocks), "\(Store.design.name)")
        #expect(acquisitions(floorLocks) > 0 || acquisitions(storeLocks) == 0)

        // A sanitizer owns malloc: then jemalloc cannot count, and only locks are compared.
        guard !Sanitizers.isActive else { return }
        let counter = try AllocationCounter()
        defer { counter.release() }
        let storeMallocs = try counter.count {
            for (id, note) in notes {
                withExtendedLifetime(store.note(id)) {}
                store.display(note, into: &sink)
            }
        }.allocations
        let floorMallocs = try counter.count {
            for (id, note) in notes {
                withExtendedLifetime(Store.Floor.lookUp(id, in: store)) {}
                Store.Floor.display(note, of: store, into: &sink)
            }
        }.allocations
        #expect(floorMallocs.mallocs <= storeMallocs.mallocs, "\(Store.design.name)")
        withExtendedLifetime(sink) {}
    }
}

/// Lets a test ask whether a value of a generic type is a non-nil optional.
private protocol OptionalProtocol {
    var isSome: Bool { get }
}

extension Optional: OptionalProtocol {
    var isSome: Bool { self != nil }
}
