import Foundation
import StoreTaxonomy
import Testing

@testable import BenchMetrics
@testable import BenchReport
@testable import BenchResults
@testable import BenchStatistics

/// The report's summary over any number of stores, on a run built by hand.
@Suite("Report summary for N stores")
struct ReportSummaryTests {
    static func run(
        _ medians: [String: Double], upperBounds: Set<String> = [], libraries: Set<String> = [],
        families: [(String, DesignFamily)] = [("a", .liveObjects), ("b", .values), ("c", .values)]
    ) -> RunResult {
        let metric = MetricDescriptor(id: "op.p50", label: "op p50", unit: .nanoseconds, kind: .timing)
        let designs = families.map {
            StoreInfo(
                name: $0.0, family: $0.1, threading: .anyThread, summary: "", isUpperBound: upperBounds.contains($0.0),
                isLibrary: libraries.contains($0.0) ? true : nil, floors: [:])
        }
        let locks = MetricDescriptor(id: "op.locks", label: "op lock acquisitions", unit: .perOperation, kind: .count)
        let stores = designs.map { design in
            let median = medians[design.name]!
            return StoreCaseResult(
                store: design.name,
                metrics: [
                    MetricSeries(metric: metric, rounds: [0.99, 1.0, 1.01, 1.0, 0.995].map { $0 * median })
                ] + (libraries.contains(design.name) ? [] : [MetricSeries(metric: locks, rounds: [1, 1, 1, 1, 1])]))
        }
        let result = CaseResult(
            scenario: "demo", label: "N=1", parameters: ["N": 1], headline: "op.p50", notes: [],
            stores: stores)
        return RunResult(
            provenance: Provenance.collect(seed: 1), profile: "custom", rounds: 5, designs: designs,
            harness: HarnessCosts(
                clock: ClockCalibration(overheadNanoseconds: 30, resolutionNanoseconds: 1),
                perSampleNanoseconds: 100, lockCountingNanoseconds: 8),
            primitiveCosts: [], cases: [result], durationSeconds: 1)
    }

    @Test("names the leading store, its lead with its interval, and the leading family with both families' best")
    func winnerAndFamily() {
        let context = ReportContext(mechanisms: ["demo": [.init("Figures: {op.p50}."), .init("Unused: {absent}.")]])
        let report = MarkdownReport.render(Self.run(["a": 300, "b": 100, "c": 200]), context: context)
        #expect(
            report.contains("- **demo** — op p50 (ns), decided by time: **b** leads, ahead of the next store by 2.00×"))
        #expect(report.contains("families: **immutable values** lead by 3.00×"))
        #expect(report.contains("Figures: a 300 ns, b 100 ns, c 200 ns."))
        #expect(!report.contains("Unused"))
        // Each store's cell: the best bare, the others with their factor.
        #expect(report.contains("| demo | N=1 | op p50 (ns) | 300 ×3.00 | 100 | 200 ×2.00 | b |"))
    }

    /// An upper bound bounds its family; it never leads, nor stands for its family.
    @Test("an upper bound with the best figure is set beside the best contender, which leads")
    func upperBoundsBound() {
        let report = MarkdownReport.render(
            Self.run(["a": 300, "b": 100, "c": 200], upperBounds: ["b"]),
            context: ReportContext())
        #expect(report.contains("**c** leads, ahead of the next store by 1.50×"), "\(report)")
        #expect(report.contains("upper bounds beside it: b 0.50×"), "\(report)")
        #expect(report.contains("families: **immutable values** lead by 1.50×"), "\(report)")
        #expect(report.contains("best of each family: a, c"), "\(report)")
        #expect(report.contains("| 100 ×0.50 (bound) |"), "\(report)")
    }

    @Test("a duel finds the leading side among three, each side's best against the leader's")
    func threeSides() throws {
        let run = Self.run(["a": 300, "b": 100, "c": 200])
        let sides = ["a": "first", "b": "second", "c": "third"]
        let duel = try #require(
            FamilyDuel(run.cases[0], metric: run.cases[0].stores[0].metrics[0].metric) { sides[$0] })
        #expect(duel.winner == "second")
        #expect(duel.leader == ["first": "a", "second": "b", "third": "c"])
        #expect(abs(duel.factor - 2) < 1e-9, "the nearest rival, c, is twice b")
    }

    @Test("stores within noise of each other tie, and so do the families")
    func withinNoise() {
        let report = MarkdownReport.render(Self.run(["a": 100, "b": 100.2, "c": 100.1]), context: ReportContext())
        #expect(report.contains("a tie: no store's lead is shown (1 of 1 cases"))
        #expect(report.contains("families: a tie between the families (no lead shown in 1 of 1 cases)"))
    }

    @Test("a lead within the run-to-run drift is a tie")
    func leadWithinDrift() throws {
        let run = Self.run(["a": 300, "b": 100, "c": 110])
        var drifted = run
        for index in drifted.cases[0].stores.indices {
            drifted.cases[0].stores[index].metrics[0].drift = 0.1
        }
        drifted.cases[0] = CaseResult(
            scenario: "demo", label: "N=1", parameters: ["N": 1], headline: "op.p50",
            notes: [], stores: drifted.cases[0].stores)
        #expect(MarkdownReport.render(run, context: ReportContext()).contains("**b** leads"))
        #expect(MarkdownReport.render(drifted, context: ReportContext()).contains("a tie: no store's lead is shown"))
    }

    static let values = DesignSelector(.values, label: "immutable values")

    @Test("a time near its budget depends on the device; twice inside it holds; twice past it does not")
    func budgetsHaveAMargin() {
        let run = Self.run(["a": 300, "b": 100, "c": 200])
        func verdict(_ budget: Double) -> String {
            MarkdownReport.render(
                run,
                context: Self.claims([
                    ClaimTest(scenario: "demo", metric: "op.p50", rule: .fitsBudget(budget, meaning: "a frame"))
                ]))
        }
        #expect(verdict(500).contains("| **holds** |"))
        #expect(
            verdict(250).contains("**depends on the device**: within 2.00× of its budget in demo"), "\(verdict(250))")
        #expect(verdict(110).contains("**depends on the device**"))
        #expect(verdict(40).contains("**does not hold here**"))
    }

    @Test("each favoured store within a factor of the best contender: a store beyond it is named")
    func eachWithin() {
        let report = MarkdownReport.render(
            Self.run(["a": 100, "b": 150, "c": 300]),
            context: Self.claims([
                ClaimTest(scenario: "demo", metric: "op.p50", rule: .eachWithin(2, meaning: "reads"))
            ]))
        #expect(report.contains("**holds only for b**"), "\(report)")
        #expect(report.contains("c 300 ns against a 100 ns: 3.00×"), "\(report)")
    }

    @Test("a claim no benchmark can test says why, and one true by construction says that")
    func untestableAndByConstruction() {
        let document = SourceDocument(
            author: "A. Author", title: "Seed", location: .text(publication: "a test", date: nil, copy: "seed.txt"))
        let context = ReportContext(claims: [
            SourceClaim(
                source: "Seed", system: .vesper, document: document, quote: "Our code got shorter.",
                measured: "nothing",
                favours: Self.values, tests: [], untestable: "it speaks of the app's code"),
            SourceClaim(
                source: "Seed", system: .vesper, document: document, quote: "Values win.", measured: "a demo",
                favours: Self.values,
                tests: [ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(1_000, meaning: "fast"))],
                byConstruction: "one pipeline for all"),
        ])
        let report = MarkdownReport.render(Self.run(["a": 300, "b": 100, "c": 200]), context: context)
        #expect(report.contains("not testable by a benchmark: it speaks of the app's code"))
        #expect(report.contains("By construction: one pipeline for all"))
    }

    @Test("the report opens with a decision table: a row per store, what a user waits for, how far it scales")
    func decisionTable() {
        // One case per N, each store's median N times its base.
        var run = Self.run(["a": 100, "b": 50, "c": 200])
        let one = run.cases[0]
        run.cases = (1...3).map { size in
            CaseResult(
                scenario: "demo", label: "N=\(size)", parameters: ["N": size], headline: "op.p50", notes: [],
                stores: one.stores.map { store in
                    StoreCaseResult(
                        store: store.store,
                        metrics: store.metrics.map {
                            MetricSeries(metric: $0.metric, rounds: $0.rounds.map { $0 * Double(size) })
                        })
                })
        }
        let context = ReportContext(
            decisions: [
                ReportContext.KeyFigure(scenario: "demo", parameters: ["N": 1], metric: "op.p50", label: "an op")
            ],
            scaling: [
                ReportContext.Scaling(
                    scenario: "demo", parameter: "N", parameters: [:], metric: "op.p50",
                    label: "fits 250 ns up to N =", budgetSeconds: 250e-9)
            ])
        let report = MarkdownReport.render(run, context: context)
        let table = try! #require(report.range(of: "## Decision table"))
        #expect(report.range(of: "## The stores")!.lowerBound > table.lowerBound, "it comes first")
        // Another profile's headings name their case; a figure carries the
        // case tables' mark against the best; a size fits on any host only
        // with the device margin, this host's median said beside it.
        #expect(
            report.contains("| store | family | modelled on | an op (demo N=1) | fits 250 ns up to N = |"), "\(report)")
        #expect(report.contains("| a | live objects | – | 100 ns ×2.00 | 1 (this host's median: 2) |"), "\(report)")
        #expect(
            report.contains("| b | immutable values | – | 50.0 ns | 2 (this host's median: ≥ 3, all run) |"),
            "\(report)")
        #expect(
            report.contains("| c | immutable values | – | 200 ns ×4.00 | < 1 (this host's median: 1) |"), "\(report)")
        #expect(report.contains("`~`: no difference from the best shown"), "\(report)")
    }

    static func claims(_ tests: [ClaimTest]) -> ReportContext {
        let document = SourceDocument(
            author: "A. Author", title: "Seed", location: .text(publication: "a test", date: nil, copy: "seed.txt"))
        return ReportContext(claims: [
            SourceClaim(
                source: "Seed", system: .vesper, document: document, quote: "Values win.", measured: "a demo",
                favours: values,
                tests: tests)
        ])
    }

    @Test("a claim holds when the favoured family's best is shown within the bound, with the figures that decide it")
    func claimHolds() {
        let context = Self.claims([ClaimTest(scenario: "demo", metric: "op.p50", rule: .familyWithin(1.25))])
        let report = MarkdownReport.render(Self.run(["a": 300, "b": 100, "c": 200]), context: context)
        #expect(report.contains("## What the sources said, and what we measured"))
        #expect(
            report.contains(
                "| 1 | Seed: “Values win.” (A. Author, “Seed”, a test) | a demo | **holds** | demo N=1, by time: b 100 ns against a 300 ns: 0.33×"
            ))
        #expect(
            report.contains(
                "| 1 | demo | N=1 | op p50 (ns) | at most 1.25× the other designs' best | met | time | "
                    + "b 100 ns against a 300 ns: 0.33×"))
    }

    @Test("a claim is decided on the stores that follow its system, the rest of its design shown beside them")
    func claimDecidedOnItsSystem() {
        var run = Self.run(["a": 200, "b": 200, "c": 120])
        run.designs[2].follows = [.vesper]
        let context = Self.claims([ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(150, meaning: "fast"))])
        let report = MarkdownReport.render(run, context: context)
        #expect(
            report.contains(
                "**holds**; decided on c, which follows Vesper; beside it, of the same design: b not "
                    + "shown within the limit in demo"), "\(report)")
        let alone = MarkdownReport.render(Self.run(["a": 200, "b": 200, "c": 120]), context: context)
        #expect(alone.contains("**holds only for c**"), "no store follows the system: the design decides, \(alone)")
    }

    @Test("an improvement whose before did not run is named as not judged, never dropped in silence")
    func improvementWithoutItsBefore() {
        let context = Self.claims([
            ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(150, meaning: "fast")),
            ClaimTest(scenario: "demo", metric: "op.p50", rule: .improvesOn(before: ["N": 2], meaning: "the old way")),
        ])
        let report = MarkdownReport.render(Self.run(["a": 300, "b": 100, "c": 120]), context: context)
        #expect(report.contains("**holds**"), "\(report)")
        #expect(
            report.contains("not judged, the case it is set against did not run: demo (op p50) against the old way"),
            "\(report)")
    }

    @Test("a family comparison sets the favoured stores against the other design's contenders, not its upper bound")
    func familyAgainstContenders() {
        let families: [(String, DesignFamily)] = [("a", .liveObjects), ("b", .values), ("u", .values)]
        let run = Self.run(["a": 300, "b": 200, "u": 50], upperBounds: ["u"], families: families)
        let report = MarkdownReport.render(
            run,
            context: Self.claims([
                ClaimTest(scenario: "demo", metric: "op.p50", rule: .familyWithin(1.25))
            ]))
        #expect(report.contains("b 200 ns against a 300 ns"), "\(report)")
    }

    @Test("a hedged claim stays a hedge: not borne out, never a failed prediction; where met, a lean borne out")
    func hedgedClaim() {
        let document = SourceDocument(
            author: "A. Author", title: "Seed", location: .text(publication: "a test", date: nil, copy: "seed.txt"))
        let context = ReportContext(claims: [
            SourceClaim(
                source: "Seed", system: .vesper, document: document, quote: "Values probably win.",
                measured: "a demo", favours: Self.values,
                tests: [ClaimTest(scenario: "demo", metric: "op.p50", rule: .familyWithin(1.25))],
                hedge: "probably")
        ])
        let report = MarkdownReport.render(Self.run(["a": 100, "b": 200, "c": 300]), context: context)
        #expect(report.contains("**not borne out here**"), "\(report)")
        #expect(report.contains("A hedged claim (“probably”)"), "\(report)")
        #expect(!report.contains("does not hold"), "\(report)")
        let borneOut = MarkdownReport.render(Self.run(["a": 300, "b": 100, "c": 200]), context: context)
        #expect(borneOut.contains("**holds**"), "\(borneOut)")
        #expect(
            borneOut.contains("A hedged claim (“probably”): where the run meets it, it bears out a lean"),
            "a hedge stays a hedge where the claim holds, \(borneOut)")
    }

    /// A claim limiting the values' op.p50 to 150 ns, and a default and a full run with these medians.
    static func twoProfiles(
        _ mine: [String: Double], _ theirs: [String: Double]
    ) -> (context: ReportContext, mine: RunResult, theirs: RunResult) {
        var (first, second) = (run(mine), run(theirs))
        first.profile = "default"
        second.profile = "full"
        return (
            claims([ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(150, meaning: "fast"))]), first, second
        )
    }

    /// `run` with a copy of its case at N=2, every op.p50 round `p50` where given.
    static func addingLargerCase(to run: RunResult, p50: Double? = nil) -> RunResult {
        var run = run, larger = run.cases[0]
        larger.parameters = ["N": 2]
        larger.label = "N=2"
        if let p50 {
            larger.stores = larger.stores.map { store in
                var store = store
                store.metrics = store.metrics.map { series in
                    series.metric.id == "op.p50"
                        ? MetricSeries(metric: series.metric, rounds: series.rounds.map { _ in p50 })
                        : series
                }
                return store
            }
        }
        run.cases.append(larger)
        return run
    }

    @Test("a claim reading otherwise in the other profile's run says which cases each read and where they disagree")
    func otherProfileExplained() {
        let (context, mine, theirsAtN1) = Self.twoProfiles(
            ["a": 300, "b": 100, "c": 120], ["a": 300, "b": 400, "c": 400])
        let theirs = Self.addingLargerCase(to: theirsAtN1)
        let report = MarkdownReport.render(mine, context: context, otherProfile: theirs)
        #expect(report.contains("### Against the full run"), "\(report)")
        #expect(
            report.contains(
                "- **Claim 1**: *holds* here, *does not hold* in the full run. "
                    + "Only the full run reads demo N=2 (missed by b, c)."), "\(report)")
        #expect(
            report.contains(
                "Both runs read demo N=1 (op p50; ≤ 150 ns (fast)): met by b, c here (shown by b, c), "
                    + "missed by b, c there (b 400 ns"),
            "\(report)")
        #expect(report.contains("neither standing is more than its own run's evidence"), "\(report)")

        var same = mine
        same.profile = "full"
        let alike = MarkdownReport.render(mine, context: context, otherProfile: same)
        #expect(alike.contains("Every claim reads the same there, standing and figures."), "\(alike)")
        #expect(!MarkdownReport.render(mine, context: context).contains("### Against the"))
    }

    @Test("a claim holding for other stores in the other profile's run names the case whose stores' outcomes differ")
    func otherProfileStoresDiffer() {
        let (context, mine, theirs) = Self.twoProfiles(["a": 300, "b": 100, "c": 200], ["a": 300, "b": 200, "c": 100])
        let report = MarkdownReport.render(mine, context: context, otherProfile: theirs)
        #expect(
            report.contains(
                "- **Claim 1**: *holds only for* here, *holds only for* in the full run. Both runs read "
                    + "demo N=1 (op p50; ≤ 150 ns (fast)): met by b, missed by c here ("), "\(report)")
        #expect(report.contains("met by c, missed by b there ("), "\(report)")
    }

    /// A claim may test one case's metric against two bounds (a budget and a
    /// "before"); each run's finding is set against its own test's there.
    @Test("a case tested twice is paired test by test with the other profile's run, each flip said once")
    func otherProfileTwoTestsOneCase() {
        var (_, mine, theirs) = Self.twoProfiles(["a": 300, "b": 100, "c": 120], ["a": 300, "b": 200, "c": 200])
        let context = Self.claims([
            ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(150, meaning: "fast")),
            ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(250, meaning: "fast enough")),
        ])
        mine.profile = "default"
        theirs.profile = "full"
        let report = MarkdownReport.render(mine, context: context, otherProfile: theirs)
        let flips = report.components(separatedBy: "Both runs read demo N=1").count - 1
        #expect(flips == 1, "only the 150 ns test flips, \(report)")
        #expect(report.contains("Both runs read demo N=1 (op p50; ≤ 150 ns (fast)): met by b, c here"), "\(report)")
        #expect(!report.contains("(op p50; ≤ 250 ns (fast enough)): met by b, c here"), "\(report)")
        let mirrored = MarkdownReport.render(theirs, context: context, otherProfile: mine)
        #expect(
            mirrored.contains("Both runs read demo N=1 (op p50; ≤ 150 ns (fast)): missed by b, c here"), "\(mirrored)")
        #expect(mirrored.components(separatedBy: "Both runs read demo N=1").count - 1 == 1, "\(mirrored)")
    }

    @Test("verdicts.json spells standings and outcomes as case names, reads back equal, and names an older schema")
    func verdictsFileStandings() throws {
        let (context, mine, _) = Self.twoProfiles(["a": 300, "b": 100, "c": 200], ["a": 300, "b": 100, "c": 200])
        let file = VerdictsFile(mine, context: context)
        #expect(file.claims.map(\.standing) == [.holdsOnlyFor])
        #expect(file.claims.first?.deciding?.outcome == .missed)
        let text = String(decoding: file.json(), as: UTF8.self)
        #expect(text.contains("\"standing\" : \"holdsOnlyFor\""), "\(text)")
        #expect(text.contains("\"outcome\" : \"missed\""), "\(text)")
        #expect(file.lines.first?.hasPrefix("claim 1: holds only for: ") == true, "\(file.lines)")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let current = directory.appendingPathComponent("verdicts.json")
        try file.json().write(to: current)
        #expect(try VerdictsFile.read(from: current) == file)
        let older = directory.appendingPathComponent("older.json")
        try Data(
            text.replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 1")
                .replacingOccurrences(of: "\"holdsOnlyFor\"", with: "\"holds only for\"").utf8
        ).write(to: older)
        #expect(throws: OutputError.unsupportedSchema(older.path, found: 1, supported: 2)) {
            try VerdictsFile.read(from: older)
        }
    }

    @Test("favoured figures of zero in both runs read as the same, not as figures missing from one")
    func otherProfileZerosAlike() {
        let (context, mine, zeros) = Self.twoProfiles(["a": 300, "b": 0, "c": 0], ["a": 300, "b": 0, "c": 0])
        let theirs = Self.addingLargerCase(to: zeros, p50: 400)
        let report = MarkdownReport.render(mine, context: context, otherProfile: theirs)
        #expect(
            report.contains(
                "Where both read a case with one outcome, the favoured stores' figures are the same in "
                    + "both runs."), "\(report)")
        #expect(!report.contains("have no figure in both runs"), "\(report)")
    }

    @Test("a cell whose store keeps its children as built is marked where the column's work shows a child's change")
    func keptAsBuiltMarked() {
        var run = Self.run(["a": 100, "b": 50, "c": 200])
        run.designs[2].childChanges = .keptAsBuilt
        let shows = ReportContext(decisions: [
            ReportContext.KeyFigure(
                scenario: "demo", parameters: ["N": 1],
                metric: "op.p50", label: "a rename",
                showsChildChanges: true)
        ])
        let report = MarkdownReport.render(run, context: shows)
        #expect(report.contains("| c | immutable values | – | 200 ns ×4.00 ‡ |"), "\(report)")
        #expect(report.contains("‡ The store's parents keep the children they were built with"), "\(report)")
        let other = ReportContext(decisions: [
            ReportContext.KeyFigure(
                scenario: "demo", parameters: ["N": 1],
                metric: "op.p50", label: "a lookup")
        ])
        #expect(!MarkdownReport.render(run, context: other).contains("‡"))
    }

    @Test("a family shown beyond its allowance fails the claim; shown within it, it holds")
    func claimFamilyAllowance() {
        let worse = MarkdownReport.render(
            Self.run(["a": 100, "b": 200, "c": 300]),
            context: Self.claims([
                ClaimTest(
                    scenario: "demo", metric: "op.p50",
                    rule: .familyWithin(1.25))
            ]))
        #expect(worse.contains("| **does not hold here** |"))
        #expect(worse.contains("| missed | time | b 200 ns against a 100 ns: 2.00×"))
        let allowed = MarkdownReport.render(
            Self.run(["a": 100, "b": 200, "c": 300]),
            context: Self.claims([
                ClaimTest(
                    scenario: "demo", metric: "op.p50",
                    rule: .familyWithin(2.5))
            ]))
        #expect(allowed.contains("| **holds** |"))
    }

    @Test("a library is ranked with the designs, judged for no claim, and its lock cells read not applicable")
    func libraryStandsBeside() {
        let context = Self.claims([ClaimTest(scenario: "demo", metric: "op.p50", rule: .familyWithin(1.25))])
        let report = MarkdownReport.render(Self.run(["a": 100, "b": 200, "c": 50], libraries: ["c"]), context: context)
        #expect(report.contains("| c (a library) | immutable values |"), "\(report)")
        #expect(
            report.contains("| missed | time | b 200 ns against a 100 ns: 2.00×"), "c is neither b's family nor a rival"
        )
        #expect(
            report.contains("| op lock acquisitions | per op | 1.00 | 1.00 ~ | not applicable | all equal |"),
            "\(report)")
        #expect(
            report.contains("| op p50 | ns | 100 ×2.00 | 200 ×4.00 | 50.0 | c |"), "ranked with the designs: \(report)")
        let limit = Self.claims([ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(1_000, meaning: "fast"))])
        let beyond = MarkdownReport.render(
            Self.run(["a": 100, "b": 200, "c": 5_000], libraries: ["c"]), context: limit)
        #expect(beyond.contains("so do the other designs here"), "a library beyond the limit is no other design")
    }

    /// The favoured store b is 1.36× a's median, its rounds from 1.16× to 1.9×:
    /// against a bound of 1.25×, not shown.
    static func straddling() -> RunResult {
        var run = Self.run(["a": 100, "b": 136, "c": 500])
        run.cases[0].stores[1].metrics[0] = MetricSeries(
            metric: run.cases[0].stores[1].metrics[0].metric,
            rounds: [136, 150, 120, 190, 116])
        run.cases[0] = CaseResult(
            scenario: "demo", label: "N=1", parameters: ["N": 1], headline: "op.p50", notes: [],
            stores: run.cases[0].stores)
        return run
    }

    @Test("a finding the rules of evidence leave not shown is open, for a run to add rounds to; a decided one is not")
    func openClaims() {
        let open = Self.straddling()
        let test = [ClaimTest(scenario: "demo", metric: "op.p50", rule: .familyWithin(1.25))]
        #expect(OpenClaims.undecided(in: open, context: Self.claims(test)) == ["claim 1 (Seed) in demo N=1"])
        #expect(OpenClaims.undecided(in: Self.run(["a": 300, "b": 100, "c": 200]), context: Self.claims(test)).isEmpty)
        #expect(OpenClaims.undecided(in: open, context: ReportContext()).isEmpty, "no claim, nothing open")
    }

    @Test("a ratio whose interval straddles the bound is not shown, and the verdict says what would show it")
    func claimNotShown() {
        let report = MarkdownReport.render(
            Self.straddling(),
            context: Self.claims([
                ClaimTest(scenario: "demo", metric: "op.p50", rule: .familyWithin(1.25))
            ]))
        #expect(report.contains("| **not shown by this run** (its interval straddles the bound"))
        #expect(!report.contains("**holds**"))
    }

    @Test("a limit names the favoured stores beyond it, and says where the other designs meet it")
    func claimLimit() {
        let run = Self.run(["a": 120, "b": 100, "c": 200])
        let some = MarkdownReport.render(
            run,
            context: Self.claims([
                ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(150, meaning: "a budget"))
            ]))
        #expect(some.contains("| **holds only for b**; c beyond the limit in demo |"), "\(some)")
        #expect(some.contains("| ≤ 150 ns (a budget) | missed | time | c 200 ns ["))
        let every = MarkdownReport.render(
            run,
            context: Self.claims([
                ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(250, meaning: "a budget"))
            ]))
        #expect(every.contains("| **holds**; so do the other designs here, so it does not set them apart |"))
        #expect(every.contains("| met | time | shown by b, c |"))
    }

    /// `run` with a second metric in its case: every store's torn reads.
    static func withTornReads(_ run: RunResult, _ torn: Double) -> RunResult {
        var run = run
        let metric = MetricDescriptor(id: "op.torn", label: "torn reads (per million)", unit: .perMillion, kind: .count)
        for index in run.cases[0].stores.indices {
            run.cases[0].stores[index].metrics.append(MetricSeries(metric: metric, rounds: [torn, torn, torn]))
        }
        return run
    }

    @Test("limits on two metrics of one case: the verdict is each store's, not the case's, and names the metric")
    func claimLimitsOnTwoMetrics() {
        // b meets both limits; c meets the torn reads' and misses the time's.
        let run = Self.withTornReads(Self.run(["a": 120, "b": 100, "c": 200]), 1)
        let report = MarkdownReport.render(
            run,
            context: Self.claims([
                ClaimTest(scenario: "demo", metric: "op.torn", rule: .atMost(5, meaning: "few torn reads")),
                ClaimTest(scenario: "demo", metric: "op.p50", rule: .atMost(150, meaning: "a budget")),
            ]))
        #expect(report.contains("| **holds only for b**; c beyond the limit in demo (op p50) |"), "\(report)")
        #expect(!report.contains("holds only when"))
    }

    @Test("a verdict over cases names each case's metric where the claim reads more than one")
    func verdictNamesTheMetric() {
        // The family's best is within its allowance on time; every store misses the torn reads' limit.
        let run = Self.withTornReads(Self.run(["a": 120, "b": 100, "c": 200]), 9)
        let report = MarkdownReport.render(
            run,
            context: Self.claims([
                ClaimTest(scenario: "demo", metric: "op.p50", rule: .familyWithin(1.25)),
                ClaimTest(scenario: "demo", metric: "op.torn", rule: .atMost(5, meaning: "few torn reads")),
            ]))
        #expect(report.contains("| **holds only when** demo (op p50) |"), "\(report)")
    }

    @Test("a claim whose cases did not run says so instead of judging")
    func claimNotMeasured() {
        let report = MarkdownReport.render(
            Self.run(["a": 1, "b": 1, "c": 1]),
            context: Self.claims([
                ClaimTest(scenario: "demo", parameters: ["N": 2], metric: "op.p50", rule: .familyWithin(1)),
                ClaimTest(scenario: "absent", metric: "op.p50", rule: .familyWithin(1)),
            ]))
        #expect(report.contains("| not measured in this run (the full profile runs every case it needs) |"))
        #expect(!report.contains("The tests, case by case"))
    }

    @Test("a published time sits beside our time, not beside the instruction count that decides other claims")
    func publishedBesideTime() {
        var run = Self.run(["a": 2_000, "b": 1_000, "c": 3_000])
        let counted = MetricDescriptor(
            id: "op.instructions", label: "op instructions", unit: .perOperation, kind: .instructions)
        for index in run.cases[0].stores.indices {
            run.cases[0].stores[index].metrics.append(MetricSeries(metric: counted, rounds: [5_000]))
        }
        var context = Self.claims([ClaimTest(scenario: "demo", metric: "op.p50", rule: .reference)])
        context.references = [
            ReportContext.Reference(
                scenario: "demo", parameter: "N", value: 1, name: "shape 1",
                published: [.init(device: "Simulator", seconds: 0.002), .init(device: "Phone", seconds: 0.004)])
        ]
        let report = MarkdownReport.render(run, context: context)
        #expect(
            report.contains(
                "| published: 2,000,000 ns (Simulator), 4,000,000 ns (Phone) | not judged | time | "
                    + "ours: b 1000 ns, c 3000 ns; other hardware, not judged |"))
    }
}
