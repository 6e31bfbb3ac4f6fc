import BenchResults
import BenchTestSupport
import Foundation
import Testing

/// A file is checked once where it is read: a value no run produces is
/// refused with one line naming the JSON path and the reason.
@Suite("Results files: values no run produces")
struct ValidationTests {
    /// Computed, not stored: LeakSanitizer reports the storage of a static
    /// `Data` still alive at exit as a leak.
    static var valid: Data { SyntheticRun.run().json() }
    static let median: [any Sendable] = ["cases", 0, "stores", 1, "metrics", 1, "summary", "median"]
    static let round: [any Sendable] = ["cases", 0, "stores", 0, "metrics", 1, "rounds", 2]

    @Test("a valid run reads back")
    func validReads() throws {
        #expect(try RunResult.decode(Self.valid, path: "run.json").cases.count == 2)
    }

    @Test(
        "refused, naming the place and the reason",
        arguments: [
            (median, -1e308 as any Sendable, "cases[0].stores[1].metrics[1].summary.median: -1e+308 is negative"),
            (
                median, 1e300 as any Sendable,
                "cases[0].stores[1].metrics[1].summary.median: 1e+300 is beyond any figure"
            ),
            (median, "nan" as any Sendable, "summary.median: nan is not a finite number"),
            (median, "inf" as any Sendable, "summary.median: inf is not a finite number"),
            (median, 5 as any Sendable, "cases[0].stores[1].metrics[1].summary: it is not the summary of its rounds"),
            (round, -3 as any Sendable, "cases[0].stores[0].metrics[1].rounds[2]: -3.0 is negative"),
            (
                ["cases", 0, "stores", 0, "metrics", 1, "rounds"], [] as [Double] as any Sendable,
                "metrics[1].rounds: 0 rounds"
            ),
            (
                ["cases", 0, "stores", 1, "store"], "elsewhere" as any Sendable,
                "store 'elsewhere' is not one of the run's"
            ),
            (
                ["cases", 0, "stores", 0, "metrics", 1, "metric", "id"], "op.mallocs" as any Sendable,
                "metric op.mallocs twice"
            ),
            (["rounds"], 0 as any Sendable, "rounds: 0 is not between 1 and"),
            (["durationSeconds"], -1 as any Sendable, "durationSeconds: -1.0 is negative"),
            (["stores"], [] as [String] as any Sendable, "stores: empty"),
            (["harness", "perSampleNanoseconds"], "inf" as any Sendable, "harness.perSampleNanoseconds: inf"),
        ] as [([any Sendable], any Sendable, String)])
    func refused(path: [any Sendable], value: any Sendable, reason: String) throws {
        let damaged = try DamagedJSON.replacing(path, with: value, in: Self.valid)
        #expect {
            _ = try RunResult.decode(damaged, path: "run.json")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("run.json") && message.contains(reason) && !message.contains("\n")
        }
    }

    @Test("an instruction count over no operations is refused")
    func operationsMustBeCounted() throws {
        var run = SyntheticRun.run()
        run.cases[0].stores[0].metrics[1].metric.operations = 0
        #expect {
            _ = try RunResult.decode(run.json(), path: "run.json")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("run.json")
                && message.contains("cases[0].stores[0].metrics[1].metric.operations: 0 is not a count of operations")
                && !message.contains("\n")
        }
        run.cases[0].stores[0].metrics[1].metric.operations = 20
        #expect(
            try RunResult.decode(run.json(), path: "run.json").cases[0].stores[0].metrics[1].metric.operations == 20)
    }

    @Test("a round's p50 above that round's maximum is refused")
    func percentileAboveMaximum() throws {
        let maximum: [any Sendable] = ["cases", 0, "stores", 0, "metrics", 2]
        var damaged = try DamagedJSON.replacing(maximum + ["rounds"], with: [1, 1, 1, 1, 1], in: Self.valid)
        for field in ["median", "min", "max", "mean", "confidenceLow", "confidenceHigh"] {
            damaged = try DamagedJSON.replacing(maximum + ["summary", field], with: 1, in: damaged)
        }
        #expect {
            _ = try RunResult.decode(damaged, path: "run.json")
        } throws: { error in
            "\(error)".contains("cases[0].stores[0], op.p50 round 0: 100.0 is above that round's maximum 1.0")
        }
    }
}
