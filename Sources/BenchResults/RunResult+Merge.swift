extension RunResult {
    /// Several runs of the same plan pooled into one: every case's rounds
    /// side by side. A baseline recorded this way carries the drift between
    /// processes in its rounds, which one run cannot show.
    ///
    /// - Throws: when the runs differ in seed, build, host, toolchain, commit,
    ///   stores or cases.
    public static func merging(_ runs: [RunResult]) throws(OutputError) -> RunResult {
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
                    throw .malformed(name, reason: "it ran other stores than the first run in \(run.cases[caseIndex].title) "
                        + "(a sweep stopped a store in one run and not in the other)")
                }
                let pairs = zip(merged.cases[caseIndex].stores, run.cases[caseIndex].stores)
                merged.cases[caseIndex].stores = pairs.map { mine, theirs in pooled(mine, theirs) }
            }
            merged.rounds += run.rounds
            merged.durationSeconds += run.durationSeconds
            merged.wallSeconds = merged.wallSeconds.flatMap { sum in run.wallSeconds.map { sum + $0 } }
        }
        merged.rankCases()
        merged.provenance.arguments = ["merged from \(runs.count) runs"] + merged.provenance.arguments
        return merged
    }

    private static func pooled(_ mine: StoreCaseResult, _ theirs: StoreCaseResult) -> StoreCaseResult {
        let metrics = mine.metrics.map { series -> MetricSeries in
            let other = theirs.metric(series.metric.id)
            var metric = series.metric
            // A region more than one thread ran in any run is scheduled in the pool.
            if other?.metric.acrossThreads == true { metric.acrossThreads = true }
            return MetricSeries(metric: metric, rounds: series.rounds + (other?.rounds ?? []))
        }
        return StoreCaseResult(store: mine.store, metrics: metrics)
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
            throw .malformed(name, reason: "it ran on another host or toolchain (\(this.hostKey)) than the first run (\(that.hostKey))")
        }
        guard this.commit == that.commit else {
            throw .malformed(name, reason: "it ran commit \(this.commit ?? "unknown"), the first run \(that.commit ?? "unknown")")
        }
    }
}
