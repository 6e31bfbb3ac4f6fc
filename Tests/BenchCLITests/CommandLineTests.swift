import Foundation
import StoreCatalog
import Testing

@testable import BenchResults

@Suite("bench on the command line")
struct CommandLineTests {
    /// The catalog's stores, as bench lists them.
    static let storeNames = StoreCatalog.designs.map(\.name).joined(separator: ", ")

    /// Bad input, what the error must mention, all with exit status 64.
    static let badInputs: [([String], String)] = [
        (["--scenario", "feed-reed"], "unknown scenario 'feed-reed'; use one of: feed-read"),
        (["--store", "coredata"], "unknown store 'coredata'; use one of: \(storeNames)"),
        (["--profile", "fast"], "fast"),
        (["--param", "N"], "--param needs NAME=VALUE"),
        (["--param", "N=ten"], "'ten' is not a whole number"),
        (["--param", "N=10,x"], "'x' is not a whole number"),
        (["--scenario", "cold-load", "--param", "N=5"], "cold-load parameter N=5 is out of range; use 10...2000000"),
        (["--scenario", "cold-load", "--param", "F=10"], "no selected scenario has a parameter 'F'"),
        (["--rounds", "0"], "--rounds must be between 1 and 100"),
        (["--scenario", "cold-load"], "the default profile runs no case of cold-load"),
        (["--rounds", "many"], "many"),
        (["--seed", "-1"], "--seed"),
        (["--output", "/proc/version/results"], "choose another directory with --output DIR"),
        (["--frobnicate"], "frobnicate"),
        (["list", "extra"], "extra"),
        (["list", "--scenario", "x"], "Unknown option '--scenario'"),
        (["list", "--rounds-of", "fast"], "fast"),
        (["list", "--rounds-of", "full", "--json"], "--json, --scenarios-of and --rounds-of print different listings"),
        (["soak", "--store", "coredata"], "unknown store 'coredata'"),
        (["compare", "--baseline", "b.json", "--rounds", "0"], "--rounds must be between 1 and 100"),
        (["--scenario"], "Missing value for '--scenario <id>'"),
        (["--store"], "Missing value for '--store <name>'"),
        (["--profile", "QUICK"], "'quick', 'default' or 'full'"),
        (["--param", "=5"], "--param needs NAME=VALUE"),
        (["--param", "N="], "--param needs NAME=VALUE"),
        (["--param", "N=99999999999999999999"], "is not a whole number"),
        (["--param", "N=-5"], "feed-read parameter N=-5 is out of range"),
        (["--param", "N=1000", "--param", "N=2000"], "--param N is given twice; sweep it with one list instead"),
        (["--rounds", "101"], "--rounds must be between 1 and 100"),
        (["--seed", "1.5"], "'1.5' is invalid for '--seed"),
        (["--timing-tolerance", "abc"], "'abc' is invalid for '--timing-tolerance"),
        (["--timing-tolerance", "100"], "--timing-tolerance must be between 0 and 10"),
        (["--save-baseline", "/proc/version/baseline.json"], "choose another file with --save-baseline FILE"),
        (["--save-baseline", "/tmp"], "/tmp is a directory; give --save-baseline a file name"),
        (["compare", "--current"], "Missing value for '--current <file>'"),
        (
            ["merge", "results/baseline.json", "--into", "/tmp/pooled.json"],
            "merge needs at least two results.json files, got 1"
        ),
        (["merge", "a.json", "b.json"], "Missing expected argument '--into <file>'"),
        (["merge", "a.json", "b.json", "--into", "/proc/version/x.json"], "choose another file with --into FILE"),
        (
            ["--scenario", "tag-rename", "--param", "F=10"],
            "tag-rename: holders (1000) cannot exceed F (10); set the parameters with --param"
        ),
        // The default's scrolling case scrolls once through 50,000 notes; N=10000 has 5,000.
        (
            ["--scenario", "feed-read", "--param", "N=10000"],
            "feed-read scroll=1 scrolls once through the notes: at N=10000 K=50 at most frames=89, got 180"
        ),
        (["--instruction-workers", "0"], "--instruction-workers must be between 1 and 64, got 0"),
        (["soak", "--seconds", "0"], "--seconds must be between 1 and 3600"),
        (["soak", "--seconds", "soon"], "'soon' is invalid for '--seconds"),
        (["soak", "--threads", "100"], "--threads must be between 1 and 64"),
        (["--store", "realm", "soak"], "unknown store 'realm'; use one of: \(storeNames)"),
    ]

    @Test("bad input gets one line naming what to type instead, and status 64", arguments: badInputs)
    func badInput(arguments: [String], mention: String) throws {
        let outcome = try BenchProcess.run(arguments)
        #expect(outcome.status == 64, "status \(outcome.status): \(outcome.error)")
        #expect(outcome.errorLines.count == 1, "\(outcome.error)")
        #expect(outcome.error.hasPrefix("bench: error: "))
        #expect(outcome.error.contains(mention), "\(outcome.error)")
        #expect(!outcome.error.contains("Fatal error") && !outcome.error.contains("Stack"))
    }

    @Test("bench --help names the subcommands; run's help its options")
    func help() throws {
        let root = try BenchProcess.run(["--help"])
        #expect(root.status == 0)
        for text in [
            "run", "compare", "compare-verdicts", "check-results", "merge", "report", "list", "soak",
            "bench run --help", "Examples",
        ] {
            #expect(root.output.contains(text), "bench --help lacks \(text)")
        }
        let run = try BenchProcess.run(["run", "--help"])
        #expect(run.status == 0)
        for text in [
            "--profile", "--scenario", "--store", "--param", "--rounds", "--seed", "--instructions", "--output",
            "--baseline", "--save-baseline", "--timing-tolerance", "Examples",
        ] {
            #expect(run.output.contains(text), "bench run --help lacks \(text)")
        }
    }

    /// Each subcommand and the options it alone takes.
    static let ownOptions: [(command: String, options: [String])] = [
        (
            "compare",
            [
                "--baseline", "--current", "--reproduces", "--side-by-side", "--timing-tolerance", "--profile",
                "--instructions",
            ]
        ),
        ("compare-verdicts", ["<first>", "<second>"]),
        ("check-results", ["--current", "--record", "--measured-here"]),
        ("tolerances", ["--baseline"]),
        ("soak", ["--store", "--seconds", "--threads", "--seed"]),
        ("report", ["--input", "--output", "--verification", "--readme"]),
        ("merge", ["--into"]),
        ("list", ["--json", "--scenarios-of", "--rounds-of"]),
        ("count-instructions", ["--valgrind-version", "--output-file", "--case"]),
    ]

    @Test("bench list --rounds-of prints the rounds a run of the profile measures, for scripts")
    func roundsOf() throws {
        let outcome = try BenchProcess.run(["list", "--rounds-of", "full"])
        #expect(outcome.status == 0)
        #expect(outcome.output == "4\n")
    }

    @Test("bench list --scenarios-of prints the scenarios a run of the profile measures, for scripts")
    func scenariosOf() throws {
        let quick = try BenchProcess.run(["list", "--scenarios-of", "quick"])
        let standard = try BenchProcess.run(["list", "--scenarios-of", "default"])
        #expect(quick.status == 0 && standard.status == 0)
        #expect(quick.output.split(separator: "\n").contains("cold-load"))
        #expect(!standard.output.split(separator: "\n").contains("cold-load"), "nothing but its summary reads it there")
        #expect(standard.output.split(separator: "\n").first == "feed-read")
    }

    @Test(
        "every subcommand's help shows its own options, and no stray backslash",
        arguments: ownOptions.map(\.command))
    func subcommandHelp(_ command: String) throws {
        let outcome = try BenchProcess.run([command, "--help"])
        #expect(outcome.status == 0)
        for option in Self.ownOptions.first(where: { $0.command == command })?.options ?? [] {
            #expect(outcome.output.contains(option), "bench \(command) --help lacks \(option)")
        }
        #expect(outcome.output.contains("USAGE: bench \(command)"))
        for line in outcome.output.split(separator: "\n") {
            #expect(!line.contains("\\"), "bench \(command) --help: '\(line)'")
        }
    }

    @Test(
        "bench --help and bench run --help have no stray backslash either", arguments: [["--help"], ["run", "--help"]])
    func rootHelpHasNoBackslash(_ arguments: [String]) throws {
        let outcome = try BenchProcess.run(arguments)
        for line in outcome.output.split(separator: "\n") {
            #expect(!line.contains("\\"), "bench \(arguments.joined(separator: " ")): '\(line)'")
        }
    }

    @Test("list names every scenario with its parameters")
    func list() throws {
        let outcome = try BenchProcess.run(["list"])
        #expect(outcome.status == 0)
        for scenario in [
            "feed-read", "tag-rename", "partial-merge", "child-propagation", "cascade-delete",
            "background-sync", "observer-fanout", "churn", "cold-load", "memory", "consistency",
        ] {
            #expect(outcome.output.contains("\(scenario): "), "list lacks \(scenario)")
        }
        #expect(outcome.output.contains("Stores: \(Self.storeNames)"))
    }

    @Test("a small run writes results.json, results.csv and report.md, and prints the tables")
    func smallRun() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try BenchProcess.run([
            "--profile", "quick", "--scenario", "cold-load", "--scenario", "tag-rename",
            "--param", "N=200", "--param", "F=20", "--param", "holders=5", "--param", "renames=2",
            "--rounds", "2", "--output", directory.path,
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.contains("cold-load  N=200"))
        #expect(outcome.output.contains("tag-rename  F=20 holders=5 renames=2"))
        let result = try RunResult.read(from: directory.appendingPathComponent("results.json"))
        #expect(result.cases.count == 2)
        #expect(result.profile == "custom")
        #expect(result.rounds == 2)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("results.csv").path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.md").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("heap readings repeat exactly, whatever ran before, on stores that leave work to other threads")
    func heapReadingsRepeat() throws {
        // snapshot-grdb's database is freed by libdispatch on a worker thread
        // after the store is gone, and cascade-delete before memory leaves
        // that pool's threads in another state; snapshot-listened starts a
        // thread of its own. Each run is a process of its own, started as
        // bench restarts itself: with glibc's stack cache off
        // (SWIFT_DETERMINISTIC_HASHING, which scripts/test sets, stops the
        // restart).
        var runs: [[String: [Double]]] = []
        for before in [[], ["--scenario", "cascade-delete"]] {
            let directory = BenchProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let outcome = try BenchProcess.run(
                before + [
                    "--profile", "quick", "--scenario", "memory", "--param", "N=300", "--store", "snapshot-grdb",
                    "--store", "snapshot-listened", "--rounds", "2", "--output", directory.path,
                ],
                environment: ["GLIBC_TUNABLES": "glibc.pthread.stack_cache_size=0"])
            #expect(outcome.status == 0, "\(outcome.error)")
            let result = try RunResult.read(from: directory.appendingPathComponent("results.json"))
            var counts: [String: [Double]] = [:]
            for store in try #require(result.cases.first { $0.scenario == "memory" }).stores {
                for series in store.metrics where series.metric.kind == .count {
                    counts["\(store.store) \(series.metric.id)"] = series.rounds
                }
            }
            runs.append(counts)
        }
        #expect(runs[0].count >= 8, "\(runs[0])")
        for (metric, rounds) in runs[0] {
            #expect(Set(rounds).count == 1, "\(metric) differs between rounds: \(rounds)")
            #expect(
                runs[1][metric] == rounds,
                "\(metric): \(rounds) alone, \(runs[1][metric] ?? []) after cascade-delete")
        }
    }

    @Test("a sweep runs one case per value")
    func sweep() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try BenchProcess.run([
            "--scenario", "cold-load", "--param", "N=100,200,300", "--rounds", "1", "--store", "snapshot-embedded",
            "--output", directory.path,
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        let result = try RunResult.read(from: directory.appendingPathComponent("results.json"))
        #expect(result.cases.map { $0.parameters["N"] } == [100, 200, 300])
        #expect(result.stores == ["snapshot-embedded"])
    }
}
