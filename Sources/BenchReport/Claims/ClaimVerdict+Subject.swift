import BenchResults
import BenchStatistics

extension ClaimVerdict {
    /// One claim test on one case: every store's series of the deciding
    /// metric, and the stores of the favoured design. Each rule makes its
    /// finding from it.
    struct Subject {
        let test: ClaimTest
        let result: CaseResult
        let metric: MetricDescriptor
        let series: [(store: String, series: MetricSeries)]
        let favoured: [String]
        /// The stores of the other designs, upper bounds and libraries left out.
        let rivals: [String]
        /// Every store's series, a library's among them: the figures shown.
        let shown: [(store: String, series: MetricSeries)]

        var figures: [(store: String, median: Double)] { shown.map { ($0.store, $0.series.median) } }

        func quantity(_ value: Double) -> String { Mechanism.quantity(value, unit: metric.unit) }

        /// A bound `allowed` times past `reference`, in the direction the metric is better.
        func mark(_ allowed: Double, past reference: Double, _ label: String) -> (value: Double, label: String) {
            (reference * (metric.lowerIsBetter ? allowed : 1 / allowed), "\(NumberFormat.ratio(allowed)) \(label)")
        }

        /// Each favoured store's figure against a fixed `limit`, as `judge` reads it.
        func limit(_ limit: Double, meaning: String, _ judge: (MetricSeries) -> Evidence.Outcome) -> Finding {
            let outcomes = series.map { (store: $0.store, outcome: judge($0.series)) }
            let passing = Set(outcomes.filter { $0.outcome == .met }.map(\.store))
            let ours = outcomes.filter { favoured.contains($0.store) }
            let short = ours.filter { $0.outcome != .met }
            let detail =
                short.isEmpty
                ? "shown by " + ours.map(\.store).joined(separator: ", ")
                : short.map { entry in
                    let figure = series.first { $0.store == entry.store }!.series
                    let (low, high) = Evidence.interval(figure)
                    return "\(entry.store) \(quantity(figure.median)) "
                        + "[\(NumberFormat.value(low))–\(NumberFormat.value(high))] \(entry.outcome.phrase)"
                }.joined(separator: ", ")
            let bound = metric.lowerIsBetter ? "≤" : "≥"
            return Finding(
                test: test, result: result, metric: metric, figures: figures,
                outcome: ClaimVerdict.all(ours.map(\.outcome)), passing: passing,
                criterion: "\(bound) \(quantity(limit)) (\(meaning))", detail: detail,
                marks: [(limit, "\(bound) \(quantity(limit))")],
                intervals: series.filter { favoured.contains($0.store) }.map { entry in
                    let (low, high) = Evidence.interval(entry.series)
                    return VerdictsFile.Interval(subject: entry.store, value: entry.series.median, low: low, high: high)
                },
                storeOutcomes: Dictionary(uniqueKeysWithValues: ours.map { ($0.store, $0.outcome) }))
        }

        /// The favoured stores' best against the other designs' best: an
        /// upper bound of either design sets no standard.
        func familyWithin(_ allowed: Double) -> Finding? {
            let ours = series.filter { favoured.contains($0.store) },
                theirs = series.filter { rivals.contains($0.store) }
            guard let best = ClaimVerdict.best(ours, metric), let rival = ClaimVerdict.best(theirs, metric) else {
                return nil
            }
            let cost = Evidence.costRatio(best.series, over: rival.series)
            let criterion =
                allowed <= 1
                ? "no costlier than the other designs' best"
                : "at most \(NumberFormat.ratio(allowed)) the other designs' best"
            let detail =
                "\(best.store) \(quantity(best.series.median)) against \(rival.store) "
                + "\(quantity(rival.series.median)): \(ClaimVerdict.interval(cost))"
            return Finding(
                test: test, result: result, metric: metric, figures: figures,
                outcome: Evidence.outcome(cost, atMost: allowed), passing: [], criterion: criterion,
                detail: detail, marks: [mark(allowed, past: rival.series.median, rival.store)],
                intervals: [VerdictsFile.Interval(subject: "\(best.store) over \(rival.store)", cost)])
        }

        /// Each favoured store within `allowed` of the best contender (an
        /// upper bound bounds, it sets no standard).
        func eachWithin(_ allowed: Double, meaning: String, upperBounds: Set<String>) -> Finding? {
            guard
                let best = ClaimVerdict.best(series.filter { !upperBounds.contains($0.store) }, metric)
                    ?? ClaimVerdict.best(series, metric)
            else { return nil }
            var outcomes: [String: Evidence.Outcome] = [:]
            var passing = Set<String>()
            var parts: [String] = []
            var intervals: [VerdictsFile.Interval] = []
            for entry in series {
                let cost = Evidence.costRatio(entry.series, over: best.series)
                let outcome = Evidence.outcome(cost, atMost: allowed)
                if outcome == .met { passing.insert(entry.store) }
                guard favoured.contains(entry.store) else { continue }
                outcomes[entry.store] = outcome
                intervals.append(VerdictsFile.Interval(subject: "\(entry.store) over \(best.store)", cost))
                if outcome != .met {
                    parts.append(
                        "\(entry.store) \(quantity(entry.series.median)) against \(best.store) "
                            + "\(quantity(best.series.median)): \(ClaimVerdict.interval(cost)) \(outcome.phrase)")
                }
            }
            guard !outcomes.isEmpty else { return nil }
            let criterion =
                allowed <= 1
                ? "no worse than the best store (\(meaning))"
                : "within \(NumberFormat.ratio(allowed)) of the best store (\(meaning))"
            let shown = "shown by " + favoured.filter { passing.contains($0) }.joined(separator: ", ")
            return Finding(
                test: test, result: result, metric: metric, figures: figures,
                outcome: ClaimVerdict.all(Array(outcomes.values)), passing: passing, criterion: criterion,
                detail: parts.isEmpty ? shown : parts.joined(separator: "; "),
                marks: [mark(allowed, past: best.series.median, best.store)], intervals: intervals,
                storeOutcomes: outcomes)
        }

        /// Each favoured store below its own figure in the case with the
        /// parameters `before` (the design the source moved away from).
        func improvesOn(_ before: [String: Int], meaning: String, in run: RunResult) -> Finding? {
            var parameters = result.parameters
            for (name, value) in before { parameters[name] = value }
            guard
                let earlier = run.cases.first(where: { $0.scenario == result.scenario && $0.parameters == parameters })
            else { return nil }
            var outcomes: [String: Evidence.Outcome] = [:]
            var passing = Set<String>()
            var parts: [String] = []
            var marks: [(value: Double, label: String)] = []
            var intervals: [VerdictsFile.Interval] = []
            for entry in series {
                guard let then = earlier.store(entry.store)?.metric(metric.id) else { continue }
                let cost = Evidence.costRatio(entry.series, over: then)
                let outcome = Evidence.outcome(cost, atMost: 1)
                if outcome == .met { passing.insert(entry.store) }
                guard favoured.contains(entry.store) else { continue }
                outcomes[entry.store] = outcome
                marks.append((then.median, "before: \(entry.store)"))
                intervals.append(VerdictsFile.Interval(subject: "\(entry.store) over its before", cost))
                parts.append(
                    "\(entry.store) \(quantity(entry.series.median)) against \(quantity(then.median)): "
                        + ClaimVerdict.interval(cost))
            }
            guard !outcomes.isEmpty else { return nil }
            return Finding(
                test: test, result: result, metric: metric, figures: figures,
                outcome: ClaimVerdict.all(Array(outcomes.values)), passing: passing,
                criterion: "below \(meaning)", detail: parts.joined(separator: "; "), marks: marks,
                intervals: intervals, storeOutcomes: outcomes)
        }

        /// A published figure set beside ours, not judged: it was measured on other hardware.
        func beside(_ reference: ReportContext.Reference) -> Finding {
            let converted = reference.published.compactMap { time in
                MetricUnit.convert(time.seconds, from: .seconds, to: metric.unit).map {
                    (value: $0, label: time.device)
                }
            }
            let published = converted.map { "\(quantity($0.value)) (\($0.label))" }
            let ours = figures.filter { favoured.contains($0.store) }.map { "\($0.store) \(quantity($0.median))" }
            return Finding(
                test: test, result: result, metric: metric, figures: figures, outcome: nil, passing: [],
                criterion: "published: " + published.joined(separator: ", "),
                detail: "ours: " + ours.joined(separator: ", ") + "; other hardware, not judged",
                marks: converted.map { ($0.value, "published, \($0.label)") })
        }
    }
}
