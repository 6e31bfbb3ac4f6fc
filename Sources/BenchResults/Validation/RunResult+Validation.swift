import BenchStatistics

/// What a results file must hold for anything read from it to be a figure
/// `bench` could have measured. Checked once, where a file is read
/// (`RunResult.decode`), so that reports, comparisons, pooling and drift
/// never meet a value no run produces: a non-finite or impossible figure, a
/// count past anything countable, a summary that is not of its rounds, a
/// percentile above its maximum, a case of a store the run did not have.
extension RunResult {
    /// Anything past this is not a count or a duration a run produces.
    static let largestFigure = 1e15
    /// The most rounds a run can ask for (`--rounds` allows 100; pooled
    /// baselines sum several runs).
    static let mostRounds = 10_000

    /// Throws, naming the JSON path and the reason, when the file holds
    /// something no run of `bench` produces.
    func validate(path: String) throws(OutputError) {
        func fail(_ where: String, _ reason: String) -> OutputError {
            .malformed(path, reason: "\(`where`): \(reason)")
        }
        func figure(_ value: Double, _ where: String, mayBeNegative: Bool = false) throws(OutputError) {
            guard value.isFinite else { throw fail(`where`, "\(value) is not a finite number") }
            guard mayBeNegative || value >= 0 else { throw fail(`where`, "\(value) is negative, which it cannot be") }
            guard abs(value) <= Self.largestFigure else {
                throw fail(`where`, "\(value) is beyond any figure a run measures")
            }
        }
        guard (1...Self.mostRounds).contains(rounds) else {
            throw fail("rounds", "\(rounds) is not between 1 and \(Self.mostRounds)")
        }
        guard !stores.isEmpty, Set(stores).count == stores.count else {
            throw fail("stores", "empty, or a store twice")
        }
        guard designs.map(\.name) == stores else { throw fail("designs", "not one per store, in the stores' order") }
        try figure(durationSeconds, "durationSeconds")
        if let wallSeconds { try figure(wallSeconds, "wallSeconds") }
        guard provenance.cores >= 1 else { throw fail("provenance.cores", "\(provenance.cores) cores") }
        try figure(harness.clock.overheadNanoseconds, "harness.clock.overheadNanoseconds")
        try figure(harness.perSampleNanoseconds, "harness.perSampleNanoseconds")
        try figure(harness.lockCountingNanoseconds, "harness.lockCountingNanoseconds", mayBeNegative: true)
        for (index, cost) in primitiveCosts.enumerated() {
            try figure(cost.nanoseconds, "primitiveCosts[\(index)].nanoseconds")
            try figure(cost.mallocsPerOperation, "primitiveCosts[\(index)].mallocsPerOperation")
        }
        for (index, piece) in (pieces ?? []).enumerated() {
            try figure(piece.durationSeconds, "pieces[\(index)].durationSeconds")
            try figure(piece.clock.overheadNanoseconds, "pieces[\(index)].clock.overheadNanoseconds")
        }
        var keys = Set<String>()
        for (caseIndex, result) in cases.enumerated() {
            let at = "cases[\(caseIndex)]"
            guard keys.insert(result.key).inserted else { throw fail(at, "the case \(result.key) twice") }
            if let seconds = result.durationSeconds { try figure(seconds, "\(at).durationSeconds") }
            for (storeIndex, store) in result.stores.enumerated() {
                let storeAt = "\(at).stores[\(storeIndex)]"
                guard stores.contains(store.store) else {
                    throw fail(storeAt, "store '\(store.store)' is not one of the run's")
                }
                var ids = Set<MetricID>()
                for (metricIndex, series) in store.metrics.enumerated() {
                    let metricAt = "\(storeAt).metrics[\(metricIndex)]"
                    guard ids.insert(series.metric.id).inserted else {
                        throw fail(metricAt, "metric \(series.metric.id) twice")
                    }
                    try series.validate(at: metricAt, fail: fail, figure: figure)
                }
                try Self.percentilesBelowMaximum(store, at: storeAt, fail: fail)
            }
            for (index, skipped) in result.notRun.enumerated() {
                let skippedAt = "\(at).notRun[\(index)]"
                guard stores.contains(skipped.store), result.store(skipped.store) == nil else {
                    throw fail(skippedAt, "store '\(skipped.store)' is not one of the run's, or it ran the case")
                }
                try figure(skipped.median, "\(skippedAt).median")
                try figure(skipped.budget, "\(skippedAt).budget")
            }
        }
    }

    /// Each round's p50 and p99 of an operation at most that round's maximum.
    private static func percentilesBelowMaximum(
        _ store: StoreCaseResult, at: String, fail: (String, String) -> OutputError
    ) throws(OutputError) {
        for series in store.metrics {
            guard let operation = series.metric.id.operationOfMedian, let maximum = store.metric(operation.max) else {
                continue
            }
            for percentile in [series, store.metric(operation.p99)].compactMap({ $0 }) {
                for (round, pair) in zip(percentile.rounds, maximum.rounds).enumerated()
                where pair.0 > pair.1 * (1 + 1e-9) {
                    throw fail(
                        "\(at), \(percentile.metric.id) round \(round)",
                        "\(pair.0) is above that round's maximum \(pair.1)")
                }
            }
        }
    }
}

extension MetricSeries {
    /// The rounds are figures a run can produce, and the summary is theirs.
    fileprivate func validate(
        at: String, fail: (String, String) -> OutputError,
        figure: (Double, String, Bool) throws(OutputError) -> Void
    ) throws(OutputError) {
        guard !rounds.isEmpty, rounds.count <= RunResult.mostRounds else {
            throw fail("\(at).rounds", "\(rounds.count) rounds")
        }
        if let operations = metric.operations, operations < 1 {
            throw fail("\(at).metric.operations", "\(operations) is not a count of operations")
        }
        // Only differences of heap bytes (what an update left alive, say) may be negative.
        let signed = metric.kind == .count && metric.unit == .bytes
        for (index, value) in rounds.enumerated() { try figure(value, "\(at).rounds[\(index)]", signed) }
        for (name, value) in [
            ("median", summary.median), ("confidenceLow", summary.confidenceLow),
            ("confidenceHigh", summary.confidenceHigh), ("min", summary.min), ("max", summary.max),
            ("mean", summary.mean),
        ] {
            try figure(value, "\(at).summary.\(name)", signed)
        }
        let sorted = rounds.sorted()
        guard summary.count == rounds.count, Self.same(summary.median, Quantiles.median(sorted)),
            Self.same(summary.min, sorted[0]), Self.same(summary.max, sorted[sorted.count - 1]),
            summary.confidenceLow <= summary.median * (1 + 1e-9) + 1e-12,
            summary.confidenceHigh >= summary.median * (1 - 1e-9) - 1e-12
        else {
            throw fail("\(at).summary", "it is not the summary of its rounds")
        }
        if let drift {
            guard drift.isFinite, drift >= 0 else { throw fail("\(at).drift", "\(drift) is not a drift") }
        }
    }

    private static func same(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-9 * max(abs(a), abs(b))
    }
}
