extension RunResult {
    /// Several runs of the same plan pooled into one: every case's rounds
    /// side by side. A baseline recorded this way carries the drift between
    /// processes in its rounds, which one run cannot show.
    ///
    /// A figure only some of the runs measured (instruction counts, counted
    /// by one of them) is pooled from those that did.
    ///
    /// - Parameter recordingDrift: also record each figure's drift between
    ///   the runs (`MetricSeries.drift`, the largest between any two of
    ///   them), which the rules of evidence widen its interval by: a run
    ///   whose rounds were split over processes carries what the processes
    ///   moved them by, as two whole runs of one build would.
    /// - Throws: when the runs differ in seed, build, host, toolchain, commit,
    ///   stores or cases.
    public static func merging(_ runs: [RunResult], recordingDrift: Bool = false) throws(OutputError) -> RunResult {
        guard var merged = runs.first else { throw .malformed("merge", reason: "no runs to merge") }
        for (index, run) in runs.enumerated().dropFirst() {
            let name = "run \(index + 1)"
            // Pooled rounds must come from one machine kind, one toolchain and
            // one version of the code, or their spread is not noise.
            try run.checkSameBuildAndHost(as: merged, name: name)
            guard run.designs == merged.designs, run.cases.map(\.key) == merged.cases.map(\.key) else {
                throw .malformed(name, reason: "it ran other stores or cases than the first run")
            }
            guard !run.isPartial else { throw .malformed(name, reason: "it was interrupted") }
            for caseIndex in merged.cases.indices {
                guard run.cases[caseIndex].stores.map(\.store) == merged.cases[caseIndex].stores.map(\.store) else {
                    throw .malformed(
                        name,
                        reason: "it ran other stores than the first run in \(run.cases[caseIndex].title) "
                            + "(a sweep stopped a store in one run and not in the other)")
                }
                merged.cases[caseIndex].pool(run.cases[caseIndex])
            }
            merged.rounds += run.rounds
            merged.durationSeconds += run.durationSeconds
            merged.wallSeconds = merged.wallSeconds.flatMap { sum in run.wallSeconds.map { sum + $0 } }
            merged.instructionCounting = merged.instructionCounting ?? run.instructionCounting
        }
        if recordingDrift {
            merged.recordDrift(between: runs)
            merged.driftCommit = merged.provenance.commit
        }
        merged.rankCases()
        merged.provenance.arguments = ["merged from \(runs.count) runs"] + merged.provenance.arguments
        return merged
    }

    /// Sets each pooled figure's drift: the largest between the medians of
    /// any two of `runs` that measured it (none where only one did).
    private mutating func recordDrift(between runs: [RunResult]) {
        let runCases = runs.map(\.casesByKey)
        for caseIndex in cases.indices {
            let key = cases[caseIndex].key
            for storeIndex in cases[caseIndex].stores.indices {
                let store = cases[caseIndex].stores[storeIndex].store
                for metricIndex in cases[caseIndex].stores[storeIndex].metrics.indices {
                    let id = cases[caseIndex].stores[storeIndex].metrics[metricIndex].metric.id
                    let medians = runCases.compactMap { $0[key]?.store(store)?.metric(id)?.median }
                    guard medians.count > 1 else { continue }
                    var largest = 0.0
                    for (index, first) in medians.enumerated() {
                        for second in medians[(index + 1)...] { largest = max(largest, Self.drift(first, second)) }
                    }
                    cases[caseIndex].stores[storeIndex].metrics[metricIndex].drift = largest
                }
            }
        }
    }
}

extension RunResult {
    /// Throws unless this run is of `first`'s seed, build configuration,
    /// host kind and commit: what runs pooled or joined into one must share.
    func checkSameBuildAndHost(as first: RunResult, name: String) throws(OutputError) {
        let this = provenance, that = first.provenance
        guard this.seed == that.seed, this.buildConfiguration == that.buildConfiguration else {
            throw .malformed(name, reason: "its seed or build configuration differs from the first run's")
        }
        guard this.hostKey == that.hostKey else {
            throw .malformed(
                name,
                reason: "it ran on another host or toolchain (\(this.hostKey)) than the first run (\(that.hostKey))")
        }
        guard this.commit == that.commit else {
            throw .malformed(
                name, reason: "it ran commit \(this.commit ?? "unknown"), the first run \(that.commit ?? "unknown")")
        }
    }
}

extension CaseResult {
    /// Adds `other`'s rounds, of the same case in another run, to each of
    /// this case's stores it also ran: the two runs' rounds side by side.
    /// A figure only `other` measured is taken from it.
    /// - Complexity: O(*m*²) for *m* metrics per store.
    mutating func pool(_ other: CaseResult) {
        stores = stores.map { mine in other.store(mine.store).map { Self.pooled(mine, $0) } ?? mine }
    }

    private static func pooled(_ mine: StoreCaseResult, _ theirs: StoreCaseResult) -> StoreCaseResult {
        var metrics = mine.metrics.map { series -> MetricSeries in
            let other = theirs.metric(series.metric.id)
            var metric = series.metric
            // A region more than one thread ran in any run is scheduled in the pool.
            if other?.metric.acrossThreads == true { metric.acrossThreads = true }
            return MetricSeries(metric: metric, rounds: series.rounds + (other?.rounds ?? []))
        }
        metrics += theirs.metrics.filter { mine.metric($0.metric.id) == nil }
        return StoreCaseResult(store: mine.store, metrics: metrics)
    }
}
