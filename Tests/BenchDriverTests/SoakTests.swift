import BenchTestSupport
import Foundation
import Testing

@testable import BenchDriver
@testable import ModelGraph

@Suite("Soak")
struct SoakTests {
    static let plan = SoakPlan(
        seconds: 1, threads: 4, seed: 11,
        shape: GraphShape(
            users: 200, tags: 40, notes: 400, tagsPerNote: 3,
            threads: 20, participantsPerMessage: 3, repliesPerMessage: 2, threadDepth: 2))

    @Test(
        "a second of mixed work on four threads equals its serial replay, on every store",
        arguments: TinyPlans.stores.map(\.name))
    func soakEqualsSerialReplay(store name: String) throws {
        let store = try #require(TinyPlans.stores.first { $0.name == name })
        let outcome = try store.soak(Self.plan)
        #expect(outcome.isConsistent, "\(outcome)")
        #expect(outcome.failures == 0)
        #expect(outcome.stateDifference == nil)
        #expect(outcome.concurrentChanges == outcome.serialChanges)
        #expect(outcome.staleScreens == 0)
        #expect(outcome.observersLeft == 0)
        // Every thread got to work, and the run did more than a token amount.
        #expect(outcome.writesPerThread.count == 4)
        #expect(outcome.writesPerThread.allSatisfy { $0 > 0 })
        #expect(outcome.reads > outcome.writes)
        #expect(outcome.screens > 0)
    }
}

extension SoakTests {
    @Test("a soak cancelled before it starts stops after one step of each thread and checks those writes")
    func cancelledSoak() throws {
        let store = try #require(TinyPlans.stores.first)
        var plan = Self.plan
        plan.seconds = 600
        let cancellation = CancellationFlag()
        cancellation.cancel()
        let outcome = try store.soak(plan, cancellation: cancellation)
        #expect(outcome.wasInterrupted)
        #expect(outcome.writesPerThread == Array(repeating: 1, count: plan.threads))
        #expect(outcome.isConsistent, "\(outcome)")
    }
}
