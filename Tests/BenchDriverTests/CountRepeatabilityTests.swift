import BenchMetrics
import BenchTestSupport
import Foundation
import Testing

@testable import BenchDriver
@testable import BenchResults

@Suite("Counts repeat exactly")
struct CountRepeatabilityTests {
    /// The scenarios whose timed operations run on one thread: their counts
    /// (allocations, lock acquisitions, models, notifications) do not depend
    /// on how threads interleave.
    static let singleThreaded = ScenarioID.allCases.filter(\.countsInstructions)

    /// Without deterministic hashing every Set and Dictionary seeds its
    /// hashes from its storage's address, and layouts, so allocations, move
    /// from round to round. `bench` restarts itself with it; `scripts/test`
    /// sets it for the tests.
    static let hashingIsDeterministic = ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] != nil

    /// The counts are of logic a sanitizer does not change, and allocations
    /// are not counted under one (it brings its own malloc); the plain run
    /// checks them. Under AddressSanitizer this test ran 281 s past every
    /// other test of its target (596 s, the target alone).
    static let uninstrumented = !Sanitizers.isActive

    /// Heap growth of the whole process: other tests run beside this one.
    static let processWide: Set<String> = ["retained"]

    @Test(
        "every measured round counts the same, and two runs with one seed give the same counts",
        .enabled(if: hashingIsDeterministic, "run with SWIFT_DETERMINISTIC_HASHING=1, as scripts/test does"),
        .enabled(if: uninstrumented, "the plain run checks the counts; a sanitizer changes none of them"),
        arguments: singleThreaded)
    func countsRepeat(scenario: ScenarioID) throws {
        let first = try SuiteRunner(plan: TinyPlans.plan([scenario], rounds: 3), progress: SilentProgress()).run()
        let second = try SuiteRunner(plan: TinyPlans.plan([scenario], rounds: 3), progress: SilentProgress()).run()
        var compared = 0
        for (mine, theirs) in zip(first.cases, second.cases) {
            for (store, other) in zip(mine.stores, theirs.stores) {
                for series in store.metrics
                where series.metric.kind == .count && !Self.processWide.contains(series.metric.id.rawValue) {
                    let where_ = "\(mine.label) on \(store.store): \(series.metric.id)"
                    // The warm-up round takes every one-time cost, so round 0 is like the rest.
                    #expect(Set(series.rounds).count == 1, "\(where_) differs between rounds: \(series.rounds)")
                    #expect(
                        other.metric(series.metric.id)?.median == series.median,
                        "\(where_): \(series.median) in one run, \(other.metric(series.metric.id)?.median ?? .nan) in the other"
                    )
                    compared += 1
                }
            }
        }
        #expect(compared > 0, "\(scenario) has no counts to compare")
    }

    @Test("lock acquisitions are counted in the warm-up round, outside the timings")
    func locksCountedOnce() throws {
        // Only the store whose every field is locked has a count to check.
        var plan = TinyPlans.plan([.feedRead], rounds: 3)
        plan.stores = plan.stores.filter { $0.name == "uniquing-locked" }
        let result = try SuiteRunner(plan: plan, progress: SilentProgress()).run()
        let locked = try #require(result.cases.first?.store("uniquing-locked"))
        let locks = try #require(locked.metric("lookup.held.locks"))
        #expect(locks.rounds == [1], "one lock per held lookup, from the one warm-up round: \(locks.rounds)")
        #expect(locked.metric("lookup.held.p50")?.rounds.count == 3)
    }
}
