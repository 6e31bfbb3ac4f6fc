import BenchDriver
import Testing

@testable import BenchApp

/// Which cases a plan measures, and which of them the instruction pass counts.
struct RunRequestTests {
    private static func planned(_ profile: Profile, parameters: [String] = []) throws -> [String: Bool] {
        let plan = try RunRequest(
            profile: profile, scenarios: ["child-propagation", "cold-load", "observer-fanout"],
            parameters: parameters
        ).plan()
        return Dictionary(
            plan.cases.map { ("\($0.scenario.rawValue) \($0.label)", $0.countsInstructions) },
            uniquingKeysWith: { first, _ in first })
    }

    @Test("the default profile runs the cases something besides the summary reads, and only those")
    func defaultRunsWhatIsRead() throws {
        let planned = try Self.planned(.default)
        #expect(!planned.keys.contains { $0.hasPrefix("cold-load ") })
        #expect(!planned.keys.contains { $0.hasPrefix("child-propagation shape=5 ") })
        #expect(!planned.keys.contains { $0.hasPrefix("observer-fanout observers=1000 ids=1000 ") })
        #expect(planned.keys.contains { $0.hasPrefix("child-propagation shape=1 ") })
        #expect(planned.keys.contains { $0.hasPrefix("observer-fanout observers=1000 ids=1 ") })
        #expect(planned.count == 6, "\(planned.keys.sorted())")
        #expect(planned.values.allSatisfy { $0 }, "every single-threaded case at its size is counted")
    }

    @Test("a quick run measures every case, the gate reads them all; so does a run of cases asked for by --param")
    func quickAndCustomRunEverything() throws {
        let quick = try Self.planned(.quick)
        #expect(quick.keys.contains { $0.hasPrefix("child-propagation shape=5 ") })
        #expect(quick.values.allSatisfy { $0 })
        #expect(try Self.planned(.default, parameters: ["N=1000"]).keys.contains { $0.hasPrefix("cold-load N=1000") })
    }
}
