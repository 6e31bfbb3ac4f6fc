import Testing

@testable import BenchDriver

/// A store's round of an instruction pass is counted again while a thread's
/// exit lands in one of its regions, and the pass fails when it always does.
struct DisturbedCountTests {
    @Test("a round whose regions held a thread's exit is counted again, until one held none")
    func countedAgain() throws {
        var disturbances = 0
        var rounds = 0
        let metrics = try SuiteRunner.countedAgainWhileDisturbed(disturbances: { disturbances }) {
            rounds += 1
            if rounds < 3 { disturbances += 1 }
            return rounds
        }
        #expect(rounds == 3)
        #expect(metrics == 3, "the undisturbed round's figures, not an earlier one's")
    }

    @Test("an undisturbed round runs once")
    func once() throws {
        var rounds = 0
        _ = try SuiteRunner.countedAgainWhileDisturbed(disturbances: { 0 }) { rounds += 1 }
        #expect(rounds == 1)
    }

    @Test("a round disturbed in every attempt fails the pass, saying why")
    func alwaysDisturbed() {
        var disturbances = 0
        var rounds = 0
        let error = #expect(throws: RunError.self) {
            try SuiteRunner.countedAgainWhileDisturbed(attempts: 4, disturbances: { disturbances }) {
                rounds += 1
                disturbances += 1
            }
        }
        #expect(rounds == 4)
        #expect(error?.description.contains("ended while instructions were counted") == true)
    }
}
