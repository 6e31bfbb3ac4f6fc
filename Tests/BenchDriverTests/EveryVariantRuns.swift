import BenchMetrics
import BenchTestSupport
import Synchronization

@testable import BenchDriver
@testable import BenchResults

/// Every variant any profile runs of a scenario, run once at its tiny size on
/// every store, and shared by the tests that read it: the scenario tests check
/// that every case passes its correctness checks, the metric-name tests that
/// every metric something names is produced.
///
/// Each scenario is run by the first test that asks for it, the others wait
/// for that run, so the tests of different scenarios run theirs side by side.
enum EveryVariantRuns {
    /// The memory scenario reads jemalloc's heap statistics, which a
    /// sanitizer's allocator does not keep.
    static let scenarios = ScenarioID.allCases.filter { !(Sanitizers.isActive && $0 == .memory) }

    private final class Cell: Sendable {
        let run = Mutex<Result<RunResult, RunError>?>(nil)
    }

    /// Why a scenario's run failed, kept so every test that reads it says so.
    struct RunError: Error, CustomStringConvertible {
        let description: String
    }

    private static let cells = Dictionary(uniqueKeysWithValues: ScenarioID.allCases.map { ($0, Cell()) })

    /// `scenario`'s run: its every variant, a case each, in the order of
    /// `TinyPlans.everyVariant`.
    static func run(of scenario: ScenarioID) throws(RunError) -> RunResult {
        guard let cell = cells[scenario] else { throw RunError(description: "no scenario \(scenario)") }
        let result = cell.run.withLock { cached in
            let result = cached ?? runEveryVariant(of: scenario)
            cached = result
            return result
        }
        return try result.get()
    }

    private static func runEveryVariant(of scenario: ScenarioID) -> Result<RunResult, RunError> {
        var plan = TinyPlans.plan([])
        plan.cases = TinyPlans.everyVariant(scenario)
        do {
            return .success(try SuiteRunner(plan: plan, progress: SilentProgress()).run())
        } catch {
            return .failure(RunError(description: "\(scenario): \(error)"))
        }
    }
}
