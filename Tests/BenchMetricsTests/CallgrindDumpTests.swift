import Testing

@testable import BenchMetrics

/// The dump reader on dumps in callgrind's format (`callgrind_annotate`
/// reads the same costs from them).
@Suite("Callgrind dumps")
struct CallgrindDumpTests {
    static let label = "bench-region-2"
    static let probe =
        "swift::ConcurrentReadableHashMap<(anonymous namespace)::ConformanceCacheEntry, swift::LazyMutex>::find<"

    /// `lookup` owns 100 + 40 = 140 and calls `find` (inclusive 300);
    /// `find` owns 180 + 20 + 52 = 252 in two blocks, and calls `hash`
    /// (inclusive 48, counted), whose own 48 are counted; 440 in all.
    static let dump = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        desc: Trigger: Client Request: \(label)

        positions: line
        events: Ir
        summary: 440

        ob=(2) /opt/swift/usr/lib/swift/linux/libswiftCore.so
        fn=(10) lookup
        0 100
        cfn=(11) std::pair<Entry*, unsigned int> \(probe)(Key const&)
        calls=2 0
        0 300
        +2 40
        1

        fn=(11)
        0 180
        cfn=(12) hash_combine
        calls=2 0
        * 48
        -1 20

        fn=(12)
        0 48

        fl=(3) other.cpp
        fn=(11)
        0 52

        totals: 440
        """

    @Test("the total is the dump's, when nothing is left out")
    func total() throws {
        #expect(try CallgrindDump.total(of: Self.dump, expectedLabel: Self.label, path: "dump") == 440)
    }

    @Test("a function left out loses its own costs, in every block, and keeps its callees'")
    func leftOut() throws {
        let total = try CallgrindDump.total(
            of: Self.dump, expectedLabel: Self.label, path: "dump", leavingOut: [Self.probe])
        #expect(total == 440 - 252)
    }

    @Test("a name that matches no function leaves the total as it is")
    func noMatch() throws {
        let total = try CallgrindDump.total(
            of: Self.dump, expectedLabel: Self.label, path: "dump", leavingOut: ["nowhere"])
        #expect(total == 440)
    }

    @Test("a dump triggered by another region, or without totals, is refused")
    func refused() {
        #expect(throws: InstructionCountError.self) {
            try CallgrindDump.total(of: Self.dump, expectedLabel: "bench-region-3", path: "dump")
        }
        let cut = String(Self.dump.split(separator: "\n").dropLast().joined(separator: "\n"))
        #expect(throws: InstructionCountError.self) {
            try CallgrindDump.total(of: cut, expectedLabel: Self.label, path: "dump")
        }
    }
}
