import BenchResults
import BenchTestSupport
import Testing

/// A store a sweep stopped (`CaseResult.notRun`): read back, checked where
/// read, and never pooled with a run where it ran.
struct NotRunTests {
    /// The synthetic run with its "snapshot" store not run in the first case.
    static func stopped() -> RunResult {
        var run = SyntheticRun.run()
        run.cases[0].stores.removeAll { $0.store == "snapshot" }
        run.cases[0].notRun = [
            StoreNotRun(
                store: "snapshot", missedAt: "F=1", metric: "op.p50", median: 20_000,
                budget: 16_667, unit: .nanoseconds)
        ]
        return run
    }

    @Test("a store not run reads back, and a run where every store ran is written without the field")
    func roundTrip() throws {
        let run = Self.stopped()
        let decoded = try RunResult.decode(run.json(), path: "run.json")
        #expect(decoded.cases[0].notRun == run.cases[0].notRun)
        #expect(decoded.cases[0].notRun("snapshot")?.missedAt == "F=1")
        #expect(!String(decoding: SyntheticRun.run().json(), as: UTF8.self).contains("notRun"))
    }

    @Test("a store both run and not run, or not one of the run's, is refused in one line")
    func refused() throws {
        var ran = Self.stopped()
        ran.cases[0].notRun[0].store = "uniquing"
        var foreign = Self.stopped()
        foreign.cases[0].notRun[0].store = "elsewhere"
        for run in [ran, foreign] {
            #expect {
                _ = try RunResult.decode(run.json(), path: "run.json")
            } throws: { error in
                "\(error)".contains("cases[0].notRun[0]: store") && !"\(error)".contains("\n")
            }
        }
    }

    @Test("a run that did not run a store in a case is not pooled with one that ran it")
    func notPooled() {
        #expect(throws: OutputError.self) { try RunResult.merging([SyntheticRun.run(), Self.stopped()]) }
    }
}
