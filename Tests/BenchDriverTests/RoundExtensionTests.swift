import BenchResults
import BenchTestSupport
import Synchronization
import Testing

@testable import BenchDriver

/// Rounds added to a case while the rules of evidence leave it open, within its budget.
struct RoundExtensionTests {
    /// Answers "open" to the first `openFor` questions, then nothing.
    private final class Judge: Sendable {
        let asked = Mutex(0)
        let openFor: Int

        init(openFor: Int) { self.openFor = openFor }

        func undecided(_ run: RunResult) -> [String] {
            asked.withLock { count in
                count += 1
                return count <= openFor ? ["claim 0 (test) in \(run.cases[0].title)"] : []
            }
        }
    }

    private static func run(
        _ scenario: ScenarioID, rounds: Int = 2, maximumRounds: Int, timeFactor: Double = 1_000, judge: Judge
    ) throws -> CaseResult {
        let plan = SuitePlan(
            cases: Array(TinyPlans.cases(scenario).prefix(1)), stores: Array(TinyPlans.stores.prefix(2)),
            rounds: rounds, seed: 7, profileName: "tiny", measuresPrimitiveCosts: false)
        let extending = RoundExtension(maximumRounds: maximumRounds, timeFactor: timeFactor, undecided: judge.undecided)
        let result = try SuiteRunner(plan: plan, progress: SilentProgress(), extending: extending).run()
        return try #require(result.cases.first)
    }

    /// Rounds every store measured in the case, one entry per store.
    private static func timedRounds(_ result: CaseResult) -> [Int] {
        result.stores.map { store in store.metrics.map(\.rounds.count).max() ?? 0 }
    }

    @Test("a case left open gets rounds on every store until it is decided, and says how many")
    func addsUntilDecided() throws {
        let judge = Judge(openFor: 2)
        let result = try Self.run(.consistency, maximumRounds: 10, judge: judge)
        #expect(Self.timedRounds(result) == [4, 4])
        #expect(judge.asked.withLock { $0 } == 3)
        #expect(result.notes.contains { $0.contains("until it was: 4 rounds in all (2 added)") }, "\(result.notes)")
    }

    @Test("a case still open at its most rounds, or past its time, stops and names what is open")
    func stopsAtTheBudget() throws {
        let capped = try Self.run(.consistency, maximumRounds: 3, judge: Judge(openFor: .max))
        #expect(Self.timedRounds(capped) == [3, 3])
        #expect(
            capped.notes.contains { $0.contains("after 3 rounds in all, 1 added: claim 0 (test) in consistency") },
            "\(capped.notes)")
        let timed = try Self.run(.consistency, maximumRounds: 10, timeFactor: 0, judge: Judge(openFor: .max))
        #expect(Self.timedRounds(timed) == [2, 2])
        #expect(timed.notes.contains { $0.contains("after 2 rounds in all, 0 added") }, "\(timed.notes)")
    }

    @Test("a decided case, or one an instruction count decides, runs its rounds and no more")
    func leavesDecidedAndCountedCases() throws {
        let decided = try Self.run(.consistency, maximumRounds: 10, judge: Judge(openFor: 0))
        #expect(Self.timedRounds(decided) == [2, 2])
        #expect(!decided.notes.contains { $0.contains("rounds in all") })
        let counted = Judge(openFor: .max)
        let single = try Self.run(.tagRename, maximumRounds: 10, judge: counted)
        #expect(Self.timedRounds(single) == [2, 2])
        #expect(counted.asked.withLock { $0 } == 0)
    }
}
