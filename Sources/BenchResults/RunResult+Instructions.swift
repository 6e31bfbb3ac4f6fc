import BenchStatistics

extension RunResult {
    /// This run with the instruction counts of `counted`, a run of the same
    /// plan under callgrind, beside its other metrics: each store's
    /// instruction series appended to the same case and store.
    public func addingInstructions(from counted: RunResult) -> RunResult {
        var merged = self
        merged.instructionCounting = counted.instructionCounting
        let countedCases = counted.casesByKey
        for caseIndex in merged.cases.indices {
            guard let countedCase = countedCases[merged.cases[caseIndex].key] else { continue }
            for storeIndex in merged.cases[caseIndex].stores.indices {
                let store = merged.cases[caseIndex].stores[storeIndex].store
                let series = countedCase.store(store)?.metrics.filter { $0.metric.kind == .instructions } ?? []
                for counts in series {
                    merged.cases[caseIndex].stores[storeIndex].metrics.insertBesideItsTiming(counts)
                }
            }
        }
        merged.rankCases()
        return merged
    }
}

extension [MetricSeries] {
    /// Inserts `counts` (an operation's `ID.instructions`) after the
    /// operation's mean (`ID.mean`, the same statistic of the same work),
    /// else its p50 (`ID.p50`, or `ID` itself), else at the end.
    fileprivate mutating func insertBesideItsTiming(_ counts: MetricSeries) {
        let operation = MetricID(String(counts.metric.id.rawValue.dropLast(".instructions".count)))
        let timing =
            lastIndex { $0.metric.id == operation.mean } ?? lastIndex { $0.metric.id == operation.p50 }
            ?? lastIndex { $0.metric.id == operation }
        insert(counts, at: timing.map { $0 + 1 } ?? endIndex)
    }
}
