@testable import BenchApp
import BenchDriver
import Testing

/// Which cases of a plan the instruction pass counts.
struct RunRequestTests {
    private static func counted(_ profile: Profile, parameters: [String] = []) throws -> [String: Bool] {
        let plan = try RunRequest(profile: profile, scenarios: ["child-propagation", "cold-load", "observer-fanout"],
                                  parameters: parameters).plan()
        return Dictionary(plan.cases.map { ("\($0.scenario.rawValue) \($0.label)", $0.countsInstructions) },
                          uniquingKeysWith: { first, _ in first })
    }

    @Test("the default profile counts the cases something besides the summary reads, and only those")
    func defaultCountsWhatIsRead() throws {
        let counted = try Self.counted(.default)
        let unread = counted.filter { !$0.value }.keys.sorted()
        #expect(unread.contains { $0.hasPrefix("cold-load N=") })
        #expect(unread.contains { $0.hasPrefix("child-propagation shape=5 ") })
        #expect(unread.contains { $0.hasPrefix("observer-fanout observers=1000 ids=1000 ") })
        #expect(counted.filter { $0.key.hasPrefix("child-propagation shape=1 ") }.values.allSatisfy { $0 })
        #expect(counted.filter { $0.key.hasPrefix("observer-fanout observers=1000 ids=1 ") }.values.allSatisfy { $0 })
        #expect(unread.count == 5, "\(unread)")
    }

    @Test("a quick run counts every case, the gate reads them all; so does a run of cases asked for by --param")
    func quickAndCustomCountEverything() throws {
        #expect(try Self.counted(.quick).values.allSatisfy { $0 })
        #expect(try Self.counted(.default, parameters: ["N=1000"]).filter { $0.key.hasPrefix("cold-load") }.values.allSatisfy { $0 })
    }
}
