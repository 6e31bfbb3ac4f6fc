#if canImport(Glibc)
import Glibc
#endif

extension RunResult {
    /// This run with every median's drift from `other`, a run of the same
    /// build, profile, seed and cases in another process: what the rules of
    /// evidence widen every interval by (`Evidence`). Rankings follow.
    ///
    /// - Throws: when `other` is not a run of the same build and plan.
    public func recordingDrift(from other: RunResult) throws(OutputError) -> RunResult {
        let mine = provenance, theirs = other.provenance
        guard mine.commit == theirs.commit, mine.commit != nil else {
            throw .malformed(
                "drift",
                reason:
                    "the other run is of commit \(theirs.commit ?? "unknown"), this one of \(mine.commit ?? "unknown")")
        }
        guard mine.seed == theirs.seed, mine.buildConfiguration == theirs.buildConfiguration, profile == other.profile,
            mine.hostKey == theirs.hostKey
        else {
            throw .malformed("drift", reason: "the other run differs in seed, build, profile or host")
        }
        let theirCases = other.casesByKey
        var result = self
        for caseIndex in result.cases.indices {
            guard let twin = theirCases[result.cases[caseIndex].key] else {
                throw .malformed("drift", reason: "the other run has no case \(result.cases[caseIndex].key)")
            }
            for storeIndex in result.cases[caseIndex].stores.indices {
                let store = result.cases[caseIndex].stores[storeIndex]
                for metricIndex in store.metrics.indices {
                    let series = store.metrics[metricIndex]
                    let their = twin.store(store.store)?.metric(series.metric.id)?.median
                    result.cases[caseIndex].stores[storeIndex].metrics[metricIndex].drift =
                        their.map { Self.drift(series.median, $0) }
                }
            }
        }
        result.rankCases()
        result.driftCommit = theirs.commit
        return result
    }

    /// The largest drift recorded: a factor of a million, which no interval
    /// survives; a figure that is 0 in one run and not in the other has it.
    static let largestDrift = log(1e6)

    /// |ln(a / b)|: 0 for equal figures, `largestDrift` at most.
    static func drift(_ a: Double, _ b: Double) -> Double {
        if a == b { return 0 }
        guard a > 0, b > 0 else { return largestDrift }
        return min(abs(log(a / b)), largestDrift)
    }
}
