import Testing

@testable import BenchDriver

/// A store's round of an instruction pass is counted again while the exit of
/// a thread left by earlier work lands in one of its regions.
struct DisturbedCountTests {
    @Test("a round whose regions held a thread's exit is counted again, until one held none")
    func countedAgain() {
        var disturbances = 0
        var rounds = 0
        var begun = 0
        let metrics = SuiteRunner.countedAgainWhileDisturbed(
            beginRound: { begun += 1 }, disturbances: { disturbances }
        ) {
            rounds += 1
            if rounds < 3 { disturbances += 1 }
            return rounds
        }
        #expect(rounds == 3)
        #expect(begun == 3, "each attempt marks its start")
        #expect(metrics == 3, "the undisturbed round's figures, not an earlier one's")
    }

    @Test("an undisturbed round runs once")
    func once() {
        var rounds = 0
        SuiteRunner.countedAgainWhileDisturbed(disturbances: { 0 }) { rounds += 1 }
        #expect(rounds == 1)
    }

    @Test("a round disturbed in every attempt is counted that many times, and the last attempt's figures stand")
    func alwaysDisturbed() {
        var disturbances = 0
        var rounds = 0
        let metrics = SuiteRunner.countedAgainWhileDisturbed(attempts: 4, disturbances: { disturbances }) {
            rounds += 1
            disturbances += 1
            return rounds
        }
        #expect(rounds == 4)
        #expect(metrics == 4)
    }
}
