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
            let first = merged.provenance, this = run.provenance
            guard this.seed == first.seed, this.buildConfiguration == first.buildConfiguration else {
                throw .malformed(name, reason: "its seed or build configuration differs from the first run's")
            }
            // Pooled rounds must come from one machine kind, one toolchain and
            // one version of the code, or their spread is not noise.
            guard this.hostKey == first.hostKey else {
                throw .malformed(name, reason: "it ran on another host or toolchain (\(this.hostKey)) than the first run (\(first.hostKey))")
            }
            guard this.commit == first.commit else {
                throw .malformed(name, reason: "it ran commit \(this.commit ?? "unknown"), the first run \(first.commit ?? "unknown")")
            }
            guard run.designs == merged.designs, run.cases.map(\.key) == merged.cases.map(\.key) else {
                throw .malformed(name, reason: "it ran other stores or cases than the first run")
            }
            guard !run.isPartial else { throw .malformed(name, reason: "it was interrupted") }
            for caseIndex in merged.cases.indices {
                let pairs = zip(merged.cases[caseIndex].stores, run.cases[caseIndex].stores)
                merged.cases[caseIndex].stores = pairs.map { mine, theirs in pooled(mine, theirs) }
            }
            merged.rounds += run.rounds
            merged.durationSeconds += run.durationSeconds
        }
        merged.rankCases()
        merged.provenance.arguments = ["merged from \(runs.count) runs"] + merged.provenance.arguments
        return merged
    }

    private static func pooled(_ mine: StoreCaseResult, _ theirs: StoreCaseResult) -> StoreCaseResult {
        let metrics = mine.metrics.map { series -> MetricSeries in
            let more = theirs.metric(series.metric.id)?.rounds ?? []
            return MetricSeries(metric: series.metric, rounds: series.rounds + more)
        }
        return StoreCaseResult(store: mine.store, metrics: metrics)
    }
}
