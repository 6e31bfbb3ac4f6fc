import BenchResults
import BenchStatistics
import Foundation

/// `report.md`: what a person reads. Rendered only from a `RunResult`, so it
/// can be regenerated from a saved `results.json` without a re-run.
enum MarkdownReport {
    /// - Parameter otherProfile: another profile's run of the same commit:
    ///   each claim whose verdict reads otherwise there says why.
    public static func render(
        _ run: RunResult, context: ReportContext = ReportContext(), verification: ResultsVerification? = nil,
        otherProfile: RunResult? = nil
    ) -> String {
        render(
            run, context: context, sweeps: Sweep.all(in: run, context: context), verification: verification,
            otherProfile: otherProfile)
    }

    static func render(
        _ run: RunResult, context: ReportContext, sweeps: [Sweep], verification: ResultsVerification?,
        otherProfile: RunResult? = nil
    ) -> String {
        var sections = [
            header(run, verification: verification), DecisionTable.render(run, context: context), stores(run),
            ClaimsSection.render(run, context: context, otherProfile: otherProfile),
            summary(run, context: context), everyCase(run),
        ]
        sections += scenarios(run, context: context, sweeps: sweeps)
        sections += [method(run), floors(run), machine(run)]
        return sections.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    static func header(_ run: RunResult, verification: ResultsVerification?) -> String {
        var text = "# ModelStoreBench results\n\n"
        text += "Profile **\(run.profile)**, \(run.rounds) rounds per case and store, seed \(run.provenance.seed), "
        text += "\(run.provenance.date), commit `\(run.provenance.commit ?? "unknown")`, "
        text += "\(run.provenance.cpuModel) (\(run.provenance.cores) cores), \(run.provenance.toolchain). "
        text += "Took \(NumberFormat.seconds(run.durationSeconds))"
        if let wall = run.wallSeconds {
            text += " measuring, \(NumberFormat.seconds(wall)) end to end"
            text += run.instructionCounting == nil ? "" : " with the instruction pass"
        }
        text += ". "
        text +=
            run.instructionCounting == nil
            ? "Decided on **timings only**: no instruction counts. "
            : "Single-threaded operations decided on **instruction counts** (callgrind), the rest on timings. "
        text +=
            run.driftCommit == nil
            ? "No second run compared: no run-to-run drift in the intervals.\n"
            : "Intervals widened by the **run-to-run drift** from a second run of the same commit.\n"
        let seconds = Dictionary(grouping: run.cases, by: \.scenario).compactMapValues { cases -> Double? in
            let known = cases.compactMap(\.durationSeconds)
            return known.isEmpty ? nil : known.reduce(0, +)
        }
        if !seconds.isEmpty {
            var order: [String] = []
            for result in run.cases where !order.contains(result.scenario) { order.append(result.scenario) }
            text +=
                "\nWhere the time went: "
                + order.compactMap { scenario in
                    seconds[scenario].map { "\(scenario) \(NumberFormat.seconds($0))" }
                }.joined(separator: ", ") + (run.instructionCounting == nil ? "" : "; the instruction pass the rest")
                + ".\n"
        }
        if let pieces = run.pieces, let first = pieces.map(\.date).min() {
            let clocks = pieces.map(\.clock.overheadNanoseconds)
            text +=
                "\nMeasured in \(pieces.count) runs of a few scenarios each, from \(first) to \(run.provenance.date), "
            text +=
                "on hosts that read the clock in \(NumberFormat.value(clocks.min()!)) to \(NumberFormat.value(clocks.max()!)) ns "
            text += "(hosts of one speed): every case's stores side by side in one run.\n"
        }
        if let verification {
            text +=
                "\n> **The code has changed since.** On commit `\(verification.checkedCommit)` (\(verification.date)) "
            text +=
                "the quick profile counted what `\(verification.measuredCommit)` counted, \(verification.countsCompared) "
            let rebuild = "\(Int((MetricKind.rebuildTolerance * 100).rounded()))%"
            text +=
                "counts compared (exact counts exactly; instruction counts within the \(rebuild) that rebuilding unchanged "
            text +=
                "code moves them, or the spread of the baseline's own runs where that is wider): no counted figure has moved "
            text += "further than a rebuild moves it since these were measured.\n"
        }
        if run.isPartial { text += "\n> **Interrupted:** only the cases below completed.\n" }
        if run.provenance.isDebugBuild {
            text += "\n> **Debug build:** timings from a debug build say nothing about the designs. Use `-c release`.\n"
        }
        return text
    }

    static func stores(_ run: RunResult) -> String {
        var text = "## The stores\n\n"
        text += "Each store is built as the system it models builds it, on the points that set its costs; the last "
        text += "column names that system and the source of each point. An **upper bound** is a design pushed to its "
        text += "limit that no app ships as such: it bounds its family's cost, it is not a contender. **A library** is "
        text += "a library used as its documentation asks, not a model of a design: it is ranked with the designs, "
        text += "judged for no source's claim, and the suite's lock counts do not apply to its own locks.\n\n"
        text += table(
            ["store", "family", "used from", "design", "modelled on"],
            run.designs.map {
                [
                    $0.labelledName, $0.family.rawValue, $0.threading.rawValue, $0.summary,
                    $0.modelledOn ?? "–",
                ]
            }, textColumns: 5)
        return text
    }

    static func summary(_ run: RunResult, context: ReportContext) -> String {
        var text = "## Summary\n\nFor each scenario, on its headline metric (its instruction count where one was "
        text += "counted): the store that leads and by how much, over the cases where the run shows every other store "
        text += "behind it (the interval of the ratio above 1, widened by the run-to-run drift); which design family "
        text += "leads (the best store of each family against the other's); otherwise a tie. Then why, each "
        text += "sentence in figures from a case it describes.\n\n"
        if run.driftCommit == nil {
            text += "> No second run of this build was compared: intervals are this run's alone, without its drift.\n\n"
        }
        for summary in ScenarioSummary.all(run, context: context) {
            text += "- **\(summary.scenario)** — \(summary.headline): \(summary.winner); families: \(summary.families)."
            for mechanism in summary.mechanisms { text += " \(mechanism)" }
            text += "\n"
        }
        text += TradeOffs.render(run, context: context)
        return text
    }

    static func everyCase(_ run: RunResult) -> String {
        var text = "### Every case\n\nEach case's headline metric, the median of the rounds per store. "
        text += CaseTable.legend + ".\n\n"
        var rows: [[String]] = []
        for result in run.cases {
            guard let id = headlineMetric(result), let metric = result.descriptor(id) else { continue }
            let ranking = result.ranking(id)
            let values = run.stores.map { store in
                result.store(store)?.metric(id).map {
                    CaseTable.cell(
                        $0.median, store: store, ranking: ranking,
                        best: ranking.flatMap { result.store($0.best)?.metric(id)?.median } ?? 0)
                } ?? "–"
            }
            rows.append(
                [result.scenario, result.label, "\(metric.label) (\(metric.unit))"] + values
                    + [CaseTable.best(ranking, kind: metric.kind, noisy: false)])
        }
        text += table(["scenario", "case", "headline"] + run.stores + ["best"], rows, textColumns: 3)
        return text
    }

    /// The headline metric of a case, or its first timing when it lacks one.
    static func headlineMetric(_ result: CaseResult) -> MetricID? {
        if result.descriptor(result.headline) != nil { return result.headline }
        let metrics = result.stores.first?.metrics ?? []
        return metrics.first { $0.metric.kind == .timing }?.metric.id ?? metrics.first?.metric.id
    }

    static func method(_ run: RunResult) -> String {
        let harness = run.harness
        return """
            ## Method

            - Every case runs on every store with the same seed and the same operations, \(run.rounds) independent rounds each, \
            a fresh store per round; the stores' order alternates between rounds.
            - A figure is the median of the rounds. The rules of evidence decide every comparison, ranking, summary line \
            and claim: two timings differ when the 95% bootstrap interval of the ratio of their medians, widened by both \
            figures' run-to-run drift \(drift(run)), excludes 1; a figure meets a bound when its interval, so widened, \
            lies inside it, misses it when the interval lies outside, and is otherwise not shown by the run. Exact counts \
            (allocations and models of single-threaded work, notifications) are compared exactly, instruction counts \
            within 1%; operations that run on one thread are decided on their instruction counts where they were counted. \
            A figure whose own interval is wider than ±5% is marked noisy.
            - Latencies are recorded in HdrHistogram (3 significant digits). An operation cheaper than 10 clock reads is \
            timed in batches and divided; its percentiles are then of batch means. Fixed-rate loops (background-sync, \
            consistency) are measured from each operation's due time, correcting for coordinated omission.
            \(warmUp(run))- Allocations come from jemalloc (\(run.provenance.allocator)), counted exactly per thread through a private arena.
            \(instructions(run))- Harness costs measured in this run: clock read \(NumberFormat.value(harness.clock.overheadNanoseconds)) ns, \
            one timed sample (two clock reads and a histogram record) \(NumberFormat.value(harness.perSampleNanoseconds)) ns, \
            counting a lock acquisition \(NumberFormat.value(harness.lockCountingNanoseconds)) ns over the bare pthread mutex.

            """
    }

    /// Where the drift that widens every interval was measured.
    private static func drift(_ run: RunResult) -> String {
        guard let commit = run.driftCommit else {
            return "(no second run of this build was compared here, so no drift is included)"
        }
        return "(measured against a second run of the same build, commit `\(commit)`, in another process)"
    }

    private static func warmUp(_ run: RunResult) -> String {
        guard let rounds = run.warmUpRounds, rounds > 0 else { return "" }
        return "- Before its measured rounds every store runs \(rounds) untimed warm-up round of each case: it takes "
            + "one-time costs, counts lock acquisitions (outside any timing), and sets each operation's batch size, "
            + "the same for every store.\n"
    }

    private static func instructions(_ run: RunResult) -> String {
        guard let counting = run.instructionCounting else { return "" }
        return "- Instructions per operation were counted in a second pass of the single-threaded scenarios under "
            + "Valgrind's callgrind (\(counting.key)), only inside each timed loop, after a warm-up round; they do "
            + "not depend on the CPU's speed or load. Stores within 1% of each other count as alike.\n"
    }

    static func floors(_ run: RunResult) -> String {
        let comparisons = FloorComparison.all(run)
        guard !run.primitiveCosts.isEmpty || !comparisons.isEmpty else { return "" }
        var text = "## Floors\n\nThe single primitives the stores are built from, measured in this run (median ns per "
        text += "operation).\n\n"
        text += table(
            ["primitive", "ns", "mallocs/op"],
            run.primitiveCosts.map {
                [$0.label, NumberFormat.value($0.nanoseconds), NumberFormat.value($0.mallocsPerOperation)]
            })
        if !comparisons.isEmpty {
            text += "\nStore operations against their floors: the same operation, measured on the same store, through "
            text += "only the primitives the store builds it from (medians). A floor bounds its operation from below "
            text += "by construction; where this run shows it above the operation (instructions beyond 1%, timings "
            text += "beyond their rounds' noise), no multiple is given.\n\n"
            text += table(
                ["operation", "store", "floor", "unit", "value", "floor value", "× floor"],
                comparisons.map {
                    [
                        $0.operation, $0.store, $0.floorLabel, $0.unit.rawValue, NumberFormat.value($0.value),
                        NumberFormat.value($0.floor),
                        $0.isShownAbove ? "floor measured above it" : NumberFormat.ratio($0.value / $0.floor),
                    ]
                }, textColumns: 4)
        }
        return text
    }

    static func scenarios(_ run: RunResult, context: ReportContext, sweeps: [Sweep]) -> [String] {
        var sections: [String] = []
        var seen = Set<String>()
        for result in run.cases where seen.insert(result.scenario).inserted {
            var text = "## \(result.scenario)\n\n"
            // The scenario's notes, which every case has; a case's own go under its table.
            let shared = run.cases.filter { $0.scenario == result.scenario }.map { Set($0.notes) }.reduce(
                Set(result.notes)
            ) {
                $0.intersection($1)
            }
            for note in result.notes where shared.contains(note) { text += "- \(note)\n" }
            if !shared.isEmpty { text += "\n" }
            for sweep in sweeps where sweep.scenario == result.scenario {
                let title = "\(sweep.metric.label) by \(sweep.parameter)"
                text += "![\(title)](\(ReportFiles.chartDirectory)/\(sweep.fileName))\n\n"
            }
            let stopped = Set(run.cases.filter { $0.scenario == result.scenario }.flatMap(\.notRun).map(\.store))
            if !stopped.isEmpty && sweeps.contains(where: { $0.scenario == result.scenario }) {
                text +=
                    "The lines of \(stopped.sorted().joined(separator: ", ")) end where a sweep was not run past its "
                text += "budget for them: each case below names the stores it did not run and why.\n\n"
            }
            text += ReferenceTable.render(run, scenario: result.scenario, context: context)
            text += "Cells: \(CaseTable.legend).\n\n"
            for sameScenario in run.cases where sameScenario.scenario == result.scenario {
                let caseTable = CaseTable(sameScenario, stores: run.stores, libraries: run.libraries)
                text += "### \(sameScenario.label)\n\n"
                for note in sameScenario.notes where !shared.contains(note) { text += "- \(note)\n" }
                if sameScenario.notes.contains(where: { !shared.contains($0) }) { text += "\n" }
                text += table(caseTable.header, caseTable.cells) + "\n"
            }
            sections.append(text)
        }
        return sections
    }

    static func machine(_ run: RunResult) -> String {
        let p = run.provenance
        return """
            ## Machine

            | | |
            |---|---|
            | CPU | \(p.cpuModel), \(p.cores) cores |
            | memory | \(p.memoryBytes >> 30) GiB |
            | OS | \(p.operatingSystem), \(p.kernel) |
            | toolchain | \(p.toolchain), \(p.buildConfiguration) build |
            | allocator | \(p.allocator) |
            | host | \(p.hostname) |
            | commit | \(p.commit ?? "unknown") |
            | command | `\(p.arguments.joined(separator: " "))` |
            """
    }

    /// A Markdown table: the first `textColumns` left-aligned, the rest (numbers) right-aligned.
    static func table(_ header: [String], _ rows: [[String]], textColumns: Int = 2) -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        var lines = [line(header), "|" + header.indices.map { $0 < textColumns ? "---|" : "---:|" }.joined()]
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A store operation beside its floor: the same operation through only the
/// primitives the store builds it from, measured in the same case on the same
/// store (a metric names its floor's metric, `MetricDescriptor.floor`, and
/// the store says what the floor is built from, `StoreInfo.floors`).
struct FloorComparison {
    let operation: String
    let store: String
    let value: Double
    let unit: MetricUnit
    let floorLabel: String
    let floor: Double
    /// Whether the run shows the floor above the operation (`MetricSeries.isShownAbove(_:)`).
    let isShownAbove: Bool

    static func all(_ run: RunResult) -> [FloorComparison] {
        var comparisons: [FloorComparison] = []
        for result in run.cases {
            for store in result.stores {
                for series in store.metrics {
                    guard let id = series.metric.floor, let floor = store.metric(id), floor.median > 0 else { continue }
                    let composition = series.metric.bound.flatMap { run.design(of: store.store)?.floors[$0] }
                    comparisons.append(
                        FloorComparison(
                            operation: "\(result.scenario) \(result.label): \(series.metric.label)", store: store.store,
                            value: series.median, unit: series.metric.unit,
                            floorLabel: composition ?? floor.metric.label,
                            floor: floor.median, isShownAbove: floor.isShownAbove(series)))
                }
            }
        }
        return comparisons
    }
}
