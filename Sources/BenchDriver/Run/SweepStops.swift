import BenchResults

/// Where a sweep stops, store by store: once every round of a store at one
/// size of a sweep the scaling table reads (`ScalingFigure`) took longer
/// than the budget, the scaling answer for that store is settled (the table
/// reads the largest size before the first that misses it), and the sweep's
/// larger sizes are not run for it. The cases that are not run say so
/// (`CaseResult.notRun`), and so does every table that reads them.
struct SweepStops {
    private var missed: [Sweep: [Miss]] = [:]

    /// One sweep: a scenario, the parameter it sweeps and the values of
    /// every other parameter.
    private struct Sweep: Hashable {
        var scenario: ScenarioID
        var parameter: String
        var others: [String: Int]
    }

    private struct Miss {
        var size: Int
        var notRun: StoreNotRun
    }

    /// The stores `plannedCase` does not run: those that missed the budget
    /// at a smaller size of one of its sweeps.
    func notRun(_ plannedCase: SuitePlan.Case) -> [StoreNotRun] {
        var found: [StoreNotRun] = []
        for (sweep, size, _) in Self.sweeps(of: plannedCase) {
            for miss in missed[sweep] ?? []
            where miss.size < size && !found.contains(where: { $0.store == miss.notRun.store }) {
                found.append(miss.notRun)
            }
        }
        return found
    }

    /// Notes which stores missed the budget in `result`, a case of `plannedCase`.
    mutating func record(_ result: CaseResult, of plannedCase: SuitePlan.Case) {
        for (sweep, size, figure) in Self.sweeps(of: plannedCase) {
            for store in result.stores {
                guard let series = store.metric(figure.metric), let slowest = series.rounds.min(),
                    let budget = MetricUnit.convert(figure.budgetSeconds, from: .seconds, to: series.metric.unit),
                    slowest > budget, !(missed[sweep] ?? []).contains(where: { $0.notRun.store == store.store })
                else { continue }
                missed[sweep, default: []].append(
                    Miss(
                        size: size,
                        notRun: StoreNotRun(
                            store: store.store, missedAt: result.label, metric: figure.metric, median: series.median,
                            budget: budget, unit: series.metric.unit)))
            }
        }
    }

    /// The sweeps `plannedCase` is a size of, with its size in each and the
    /// figure that reads it.
    private static func sweeps(of plannedCase: SuitePlan.Case) -> [(Sweep, Int, ScalingFigure)] {
        let values = plannedCase.parameters.values
        return ScalingFigure.all.compactMap { figure in
            guard figure.scenario == plannedCase.scenario, let size = values[figure.parameter],
                figure.parameters.allSatisfy({ values[$0.key] == $0.value })
            else { return nil }
            var others = values
            others[figure.parameter] = nil
            return (Sweep(scenario: figure.scenario, parameter: figure.parameter, others: others), size, figure)
        }
    }
}
