import BenchTestSupport
import Foundation
import StoreCatalog
import Testing

@testable import BenchResults

@Suite("bench report")
struct ReportCommandTests {
    @Test("regenerating from results.json reproduces every file byte for byte")
    func regenerationIsByteForByte() throws {
        let run = BenchProcess.temporaryDirectory()
        let regenerated = BenchProcess.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: run)
            try? FileManager.default.removeItem(at: regenerated)
        }
        // A sweep, so the report has a chart; two scenarios, so it has a summary of each.
        let outcome = try BenchProcess.run([
            "--scenario", "cold-load", "--scenario", "tag-rename", "--param", "N=200,400,800", "--param", "F=20",
            "--param", "holders=5", "--param", "renames=2", "--rounds", "2", "--output", run.path,
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        let report = try BenchProcess.run([
            "report", "--input", run.appendingPathComponent("results.json").path,
            "--output", regenerated.path,
        ])
        #expect(report.status == 0, "\(report.error)")

        let written = try Self.files(in: run).filter { $0 != "results.json" }
        #expect(written.contains("report.md"))
        #expect(written.contains("results.csv"))
        #expect(written.contains("github-benchmark.json"))
        #expect(written.contains("charts/cold-load-by-N.svg"))
        #expect(try Self.files(in: regenerated) == written)
        for name in written {
            let original = try Data(contentsOf: run.appendingPathComponent(name))
            let again = try Data(contentsOf: regenerated.appendingPathComponent(name))
            #expect(original == again, "\(name) differs when regenerated")
        }
    }

    @Test("the report states a verdict and a mechanism for every scenario, and embeds its charts")
    func reportContents() throws {
        let run = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: run) }
        let outcome = try BenchProcess.run([
            "--scenario", "cold-load", "--scenario", "tag-rename", "--param", "N=200,400,800", "--param", "F=20",
            "--param", "holders=5", "--param", "renames=2", "--rounds", "2", "--output", run.path,
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        let report = try String(contentsOf: run.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("- **cold-load** — merge into empty store (ms), decided by time: "))
        #expect(report.contains("Building the graph: uniquing-locked "))
        #expect(report.contains("- **tag-rename** — rename and every holder re-rendered p50 (µs), decided by time: "))
        #expect(report.contains("Propagation: a store that embeds the tag"))
        for store in StoreCatalog.designs {
            let name =
                store.isUpperBound
                ? "\(store.name) (upper bound)" : store.isLibrary ? "\(store.name) (a library)" : store.name
            #expect(report.contains("| \(name) | \(store.family.rawValue) |"))
            #expect(report.contains(store.modelledOn))
        }
        #expect(report.contains("![merge into empty store by N](charts/cold-load-by-N.svg)"))
        let svg = try String(contentsOf: run.appendingPathComponent("charts/cold-load-by-N.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">uniquing-locked *</text>") && svg.contains(">uniquing-main</text>"))
        #expect(svg.contains("N: models in the payload"))
        #expect(svg.contains("merge into empty store (ms)"))

        let exported = try JSONSerialization.jsonObject(
            with: Data(contentsOf: run.appendingPathComponent("github-benchmark.json")))
        let entries = try #require(exported as? [[String: Any]])
        #expect(!entries.isEmpty)
        for entry in entries {
            #expect(entry["name"] is String && entry["unit"] is String && entry["value"] is NSNumber)
        }
    }

    @Test("a missing or corrupt input: one line, status 3")
    func badInput() throws {
        let directory = BenchProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let corrupt = directory.appendingPathComponent("results.json")
        try Data("{\"schemaVersion\": 1".utf8).write(to: corrupt)
        for input in [directory.appendingPathComponent("none.json").path, corrupt.path] {
            let outcome = try BenchProcess.run(["report", "--input", input])
            #expect(outcome.status == 3, "\(outcome.error)")
            #expect(outcome.errorLines.count == 1)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.md").path))
        }
    }

    @Test("--other-profile takes another profile's run of the same commit; else one line, and nothing written")
    func otherProfileRefused() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var provenance = SyntheticRun.provenance
        provenance.commit = String(repeating: "1", count: 40)
        let files = [
            ("quick", provenance.commit!), ("default", provenance.commit!), ("full", String(repeating: "2", count: 40)),
        ]
        for (profile, commit) in files {
            provenance.commit = commit
            try SyntheticRun.run(provenance: provenance, profile: profile).json()
                .write(to: directory.appendingPathComponent("\(profile).json"))
        }
        let input = directory.appendingPathComponent("quick.json").path
        let output = directory.appendingPathComponent("report")
        func report(beside profile: String) throws -> BenchProcess.Outcome {
            try BenchProcess.run([
                "report", "--input", input, "--output", output.path,
                "--other-profile", directory.appendingPathComponent("\(profile).json").path,
            ])
        }
        let same = try report(beside: "quick")
        #expect(same.status == 64 && same.errorLines.count == 1, "\(same.error)")
        #expect(same.error.contains("is a run of the quick profile too"), "\(same.error)")
        let elsewhere = try report(beside: "full")
        #expect(elsewhere.status == 3 && elsewhere.errorLines.count == 1, "\(elsewhere.error)")
        #expect(elsewhere.error.contains("their verdicts would differ by the code too"), "\(elsewhere.error)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("report.md").path))
        let beside = try report(beside: "default")
        #expect(beside.status == 0, "\(beside.error)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("report.md").path))
    }

    /// Found by mutating the committed results (issue 27): a median of
    /// -1e308 trapped in the number formatting with a backtrace.
    @Test("a results.json with an impossible median gives one line and exit 3, and writes nothing")
    func impossibleMedian() throws {
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let committed = try Data(contentsOf: Self.repository.appendingPathComponent("results/default/results.json"))
        let input = directory.appendingPathComponent("damaged.json")
        try DamagedJSON.replacing(
            ["cases", 0, "stores", 1, "metrics", 0, "summary", "median"], with: -1e308,
            in: committed
        ).write(to: input)
        let output = directory.appendingPathComponent("report")
        let outcome = try BenchProcess.run(["report", "--input", input.path, "--output", output.path])
        #expect(outcome.status == 3)
        let lines = outcome.error.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.error)")
        #expect(outcome.error.contains("cases[0].stores[1].metrics[0].summary.median: -1e+308 is negative"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("report.md").path))
    }

    /// The published runs as this bench renders them, with the README's
    /// results sections rendered from them: rendered once and shared by the
    /// tests that compare committed files with it, since a published run
    /// takes minutes to render in a debug build.
    struct PublishedRendering: Sendable {
        /// Every file rendered, by profile and path below its directory.
        var files: [String: [String: Data]] = [:]
        var readme = ""
        /// Why a rendering failed; empty when none did.
        var failures: [String] = []
    }

    static let publishedRendering: PublishedRendering = {
        var rendering = PublishedRendering()
        let directory = BenchProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let readme = try String(
                contentsOf: ReportCommandTests.repository.appendingPathComponent("README.md"),
                encoding: .utf8)
            rendering.readme = try ReportCommandTests.renderingReadme(
                readme, in: directory, profiles: CommittedResultsTests.published)
            for profile in CommittedResultsTests.published {
                let output = directory.appendingPathComponent(profile)
                let names = try ReportCommandTests.files(in: output)
                rendering.files[profile] = try Dictionary(
                    uniqueKeysWithValues: names.map { name in
                        (name, try Data(contentsOf: output.appendingPathComponent(name)))
                    })
            }
        } catch {
            rendering.failures.append("\(error)")
        }
        return rendering
    }()

    @Test(
        "the committed reports are what this version of bench renders from their results.json",
        CommittedResultsTests.readsPublishedRunsWhole, arguments: CommittedResultsTests.published)
    func committedReports(profile: String) throws {
        #expect(Self.publishedRendering.failures.isEmpty, "\(Self.publishedRendering.failures)")
        let committed = Self.repository.appendingPathComponent("results/\(profile)")
        let rendered = try #require(Self.publishedRendering.files[profile])
        // results.json and the first of the two runs it was recorded with (scripts/record-results).
        let files = try Self.files(in: committed).filter { $0 != "results.json" && $0 != "first-run.json" }
        #expect(files == rendered.keys.sorted())
        for (name, again) in rendered {
            let original = try Data(contentsOf: committed.appendingPathComponent(name))
            let stale =
                original == again
                ? nil
                : Self.firstDifference(
                    committed: String(decoding: original, as: UTF8.self),
                    rendered: String(decoding: again, as: UTF8.self)
                ) ?? "its bytes differ"
            #expect(
                stale == nil,
                "results/\(profile)/\(name) is stale (\(stale ?? "")): run bench report --input on its results.json")
        }
    }

    /// The README's results sections (`<!-- results: NAME -->`) are what
    /// this bench renders from the published runs: every figure they quote
    /// is theirs.
    @Test("the README's figures are those of the published runs", CommittedResultsTests.readsPublishedRunsWhole)
    func readmeFigures() throws {
        #expect(Self.publishedRendering.failures.isEmpty, "\(Self.publishedRendering.failures)")
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        for section in [
            "default verdicts", "default decision-table", "full scaling", "default run-time", "full run-time",
        ] {
            #expect(readme.contains("<!-- results: \(section) -->"))
        }
        let stale = Self.firstDifference(committed: readme, rendered: Self.publishedRendering.readme)
        #expect(stale == nil, "README.md is stale (\(stale ?? "")): scripts/record-results --render")
    }

    /// The first line where `committed` differs from `rendered`, quoting
    /// both; nil when they are equal.
    static func firstDifference(committed: String, rendered: String) -> String? {
        guard committed != rendered else { return nil }
        let mine = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(mine.count, theirs.count)
        func quoted(_ lines: [Substring]) -> String { lines.indices.contains(line) ? "“\(lines[line])”" : "nothing" }
        return "line \(line + 1) reads \(quoted(mine)) where the published run gives \(quoted(theirs))"
    }

    /// A figure changed by hand is caught: the rendering puts it back.
    @Test("a figure changed in the README is caught", CommittedResultsTests.readsPublishedRunsWhole)
    func changedReadmeFigure() throws {
        let directory = BenchProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        // The section's last digit: a figure of the last scenario's summary.
        let end = try #require(readme.range(of: "<!-- /results: default verdicts -->"))
        let digit = try #require(readme[..<end.lowerBound].lastIndex { $0.isNumber })
        var changed = readme
        changed.replaceSubrange(digit...digit, with: readme[digit] == "7" ? "8" : "7")
        #expect(try Self.renderingReadme(changed, in: directory, profiles: ["default"]) != changed)
    }

    /// `text` as a README, after `bench report --readme` rendered its
    /// sections from the published runs of `profiles`, each into
    /// `directory`/PROFILE.
    static func renderingReadme(_ text: String, in directory: URL, profiles: [String]) throws -> String {
        let copy = directory.appendingPathComponent("README.md")
        try Data(text.utf8).write(to: copy)
        for profile in profiles {
            // Each beside the other's run, as scripts/record-results renders them.
            let beside = profiles.filter { $0 != profile }.flatMap {
                ["--other-profile", repository.appendingPathComponent("results/\($0)/results.json").path]
            }
            let outcome = try BenchProcess.run(
                [
                    "report", "--input", repository.appendingPathComponent("results/\(profile)/results.json").path,
                    "--output", directory.appendingPathComponent(profile).path, "--readme", copy.path,
                ] + beside + verification)
            guard outcome.status == 0 else {
                throw RenderingFailed(profile: profile, status: outcome.status, error: outcome.error)
            }
        }
        return try String(contentsOf: copy, encoding: .utf8)
    }

    struct RenderingFailed: Error, CustomStringConvertible {
        let profile: String, status: Int32, error: String
        var description: String { "bench report of results/\(profile) exited \(status): \(error)" }
    }

    /// The checkout this test was built from.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The arguments that render the published runs as they were rendered:
    /// with the verification that the code since reproduces their counts, if
    /// one was recorded.
    static var verification: [String] {
        let file = repository.appendingPathComponent("results/verification.json")
        return FileManager.default.fileExists(atPath: file.path) ? ["--verification", file.path] : []
    }

    /// Every file below `directory`, as relative paths, sorted.
    static func files(in directory: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { names.append(name) }
        }
        return names.sorted()
    }
}
