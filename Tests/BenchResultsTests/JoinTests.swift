import BenchStatistics
import BenchTestSupport
import Testing

@testable import BenchResults

@Suite("Joining runs of different scenarios")
struct JoinTests {
    /// The synthetic run split in two: its tag-rename case, then its churn case.
    static func pieces() -> (RunResult, RunResult) {
        var first = SyntheticRun.run(timing: [100, 101, 99, 100, 102])
        var second = SyntheticRun.run(timing: [150, 151, 149, 150, 152])
        first.cases.removeLast()
        second.cases.removeFirst()
        first.provenance.date = "2026-11-28T10:00:00Z"
        second.provenance.date = "2026-11-29T09:00:00Z"
        second.durationSeconds = 2
        second.harness.clock.overheadNanoseconds = 35
        return (first, second)
    }

    @Test("joined runs keep each case as measured and list their pieces")
    func joins() throws {
        let (first, second) = Self.pieces()
        let joined = try RunResult.joining([first, second])
        #expect(joined.cases.map(\.scenario) == ["tag-rename", "churn"])
        #expect(joined.rounds == 5)
        let churn = try #require(joined.cases.last?.store("uniquing")?.metric("op.p50"))
        #expect(churn.rounds == [150, 151, 149, 150, 152])
        #expect(joined.durationSeconds == 3)
        #expect(joined.provenance.date == "2026-11-29T09:00:00Z")
        #expect(joined.provenance.arguments.first == "joined from 2 runs")
        #expect(joined.harness == first.harness)
        let pieces = try #require(joined.pieces)
        #expect(pieces.map(\.scenarios) == [["tag-rename"], ["churn"]])
        #expect(pieces.map(\.clock.overheadNanoseconds) == [30, 35])
        #expect(pieces.map(\.durationSeconds) == [1, 2])
        #expect(joined.cases.allSatisfy { !$0.rankings.isEmpty })
    }

    @Test("a joined run survives the results file, pieces included")
    func roundTrip() throws {
        let (first, second) = Self.pieces()
        let joined = try RunResult.joining([first, second])
        let read = try RunResult.decode(joined.json(), path: "joined.json")
        #expect(read == joined)
    }

    @Test("a case twice, a partial run or a joined run is refused")
    func refusesOverlap() throws {
        let (first, second) = Self.pieces()
        #expect(throws: OutputError.self) { try RunResult.joining([first, first]) }
        var partial = second
        partial.isPartial = true
        #expect(throws: OutputError.self) { try RunResult.joining([first, partial]) }
        let joined = try RunResult.joining([first, second])
        var third = SyntheticRun.run()
        third.cases = [
            CaseResult(
                scenario: "memory", label: "N=1", parameters: ["N": 1], headline: "op.p50", notes: [],
                stores: third.cases[0].stores)
        ]
        #expect(throws: OutputError.self) { try RunResult.joining([joined, third]) }
        #expect(throws: OutputError.self) { try RunResult.joining([]) }
    }

    @Test(
        "a piece of another commit, seed, profile, host, stores, rounds or drift is refused",
        arguments: ["commit", "seed", "profile", "cpu", "stores", "rounds", "drift"])
    func refusesOtherRuns(_ field: String) throws {
        let (first, original) = Self.pieces()
        var second = original
        switch field {
        case "commit": second.provenance.commit = "0123456789abcdef"
        case "seed": second.provenance.seed = 9
        case "profile": second.profile = "full"
        case "cpu": second.provenance.cpuModel = "Another CPU"
        case "stores": second.designs[1].summary = "another design"
        case "rounds": second.rounds = 4
        default: second.driftCommit = first.provenance.commit
        }
        #expect(throws: OutputError.self) { try RunResult.joining([first, second]) }
        // The same piece unchanged joins: what was refused is the one field.
        #expect(try RunResult.joining([first, original]).cases.count == 2)
    }

    @Test("pieces of one host join whatever each read the clock in, and keep their clocks")
    func keepsEachClock() throws {
        let (first, second) = Self.pieces()
        var slower = second
        // One publish's processes on one 2-core VM read it in 29 to 53 ns.
        slower.harness.clock.overheadNanoseconds = 53
        let joined = try RunResult.joining([first, slower])
        #expect(joined.pieces?.map(\.clock.overheadNanoseconds) == [first.harness.clock.overheadNanoseconds, 53])
    }

    @Test("a piece that counted nothing joins pieces that counted, and the counting tools are kept")
    func joinsUncountedPiece() throws {
        var (first, second) = Self.pieces()
        let tools = InstructionProvenance(valgrind: "valgrind-3.19.0", libc: "glibc 2.36", probe: 6_380)
        first.instructionCounting = tools
        second.instructionCounting = nil
        #expect(try RunResult.joining([second, first]).instructionCounting == tools)
        #expect(try RunResult.joining([first, second]).instructionCounting == tools)
        var otherTools = second
        otherTools.instructionCounting = InstructionProvenance(
            valgrind: "valgrind-3.22.0", libc: "glibc 2.36", probe: 6_380)
        #expect(throws: OutputError.self) { try RunResult.joining([first, otherTools]) }
    }

    @Test("hosts read the clock alike within a quarter more, either way round")
    func clockAlike() {
        let fast = ClockCalibration(overheadNanoseconds: 20, resolutionNanoseconds: 20)
        let alike = ClockCalibration(overheadNanoseconds: 25, resolutionNanoseconds: 20)
        let slow = ClockCalibration(overheadNanoseconds: 30, resolutionNanoseconds: 20)
        #expect(fast.readsAlike(alike) && alike.readsAlike(fast))
        #expect(!fast.readsAlike(slow) && !slow.readsAlike(fast))
    }
}
