import BenchTestSupport
import Testing

@testable import BenchDriver
@testable import BenchMetrics
@testable import BenchResults

/// Everything that names a metric by id (a scenario's headline, its checks,
/// its mechanism sentences, the sources' claims; charts draw the headline)
/// names one that a run of the scenario produces, in its every variant
/// (`EveryVariantRuns`).
@Suite("Every metric a headline, check, mechanism or claim names is measured")
struct MetricNamesTests {
    /// The metric ids each case of `scenario` produced on some store.
    private static func produced(_ scenario: ScenarioID) throws -> [(parameters: [String: Int], ids: Set<MetricID>)] {
        try EveryVariantRuns.run(of: scenario).cases.map { result in
            (result.parameters, Set(result.stores.flatMap { $0.metrics.map(\.metric.id) }))
        }
    }

    static let scenarios = EveryVariantRuns.scenarios

    /// Allocation counts come from jemalloc, which a sanitizer's allocator
    /// replaces: a run under one measures every metric but those.
    static func measurable(_ metric: MetricID) -> Bool {
        guard Sanitizers.isActive, let dot = metric.rawValue.lastIndex(of: ".") else { return true }
        let loop = MetricID(String(metric.rawValue[..<dot]))
        return metric != loop.mallocs && metric != loop.bytes
    }

    /// Every scenario's cases, for the tests that read them all.
    static func runs() throws -> [String: [(parameters: [String: Int], ids: Set<MetricID>)]] {
        Dictionary(uniqueKeysWithValues: try scenarios.map { ($0.rawValue, try produced($0)) })
    }

    @Test("a scenario's headline, checks and mechanism sentences name metrics it produces", arguments: scenarios)
    func scenarioNamesWhatItMeasures(_ scenario: ScenarioID) throws {
        let cases = try Self.produced(scenario)
        let everywhere = cases.reduce(into: Set<MetricID>()) { $0.formUnion($1.ids) }
        for (parameters, ids) in cases {
            let headline = scenario.headline(for: ParameterSet(parameters))
            #expect(ids.contains(headline), "\(scenario) \(parameters): headline \(headline) is not measured")
            for check in scenario.checks(for: ParameterSet(parameters)) {
                #expect(ids.contains(check), "\(scenario) \(parameters): check \(check) is not measured")
            }
        }
        for sentence in scenario.definition.mechanisms {
            // Every figure is an interpolated metric id, none a placeholder typed by hand.
            #expect(sentence.text.filter { $0 == "{" }.count == sentence.metrics.count, "\(scenario): \(sentence.text)")
            for metric in sentence.metrics where Self.measurable(metric) {
                #expect(
                    everywhere.contains(metric), "\(scenario): a mechanism sentence names \(metric), never measured")
            }
        }
    }

    @Test("every figure the summary sets out names a metric its scenario produces in the case it selects")
    func keyFiguresNameWhatIsMeasured() throws {
        let runs = try Self.runs()
        for figure in KeyFigure.tradeOffs where Self.scenarios.contains(figure.scenario) {
            let selected = (runs[figure.scenario.rawValue] ?? []).filter { run in
                figure.parameters.allSatisfy { run.parameters[$0.key] == $0.value }
            }
            #expect(!selected.isEmpty, "\(figure.label): no case of \(figure.scenario) has \(figure.parameters)")
            for (parameters, ids) in selected where Self.measurable(figure.metric) {
                #expect(
                    ids.contains(figure.metric),
                    "\(figure.label): \(figure.scenario) \(parameters) lacks \(figure.metric)")
            }
        }
    }

    @Test("every claim's every test names a metric its scenario produces in a case it selects")
    func claimsNameWhatIsMeasured() throws {
        let runs = try Self.runs()
        for claim in SourceClaim.all {
            for test in claim.tests {
                guard let cases = runs[test.scenario] else {
                    Issue.record("\(claim.source): no scenario \(test.scenario)")
                    continue
                }
                let selected = cases.filter { run in
                    test.parameters.allSatisfy { run.parameters[$0.key] == $0.value }
                }
                #expect(!selected.isEmpty, "\(claim.source): no case of \(test.scenario) has \(test.parameters)")
                for (parameters, ids) in selected {
                    #expect(
                        ids.contains(test.metric),
                        "\(claim.source): \(test.scenario) \(parameters) does not produce \(test.metric)")
                }
                // Some selected case has its "before" in the run, measuring the same metric.
                if case .improvesOn(let before, _) = test.rule {
                    let paired = selected.contains { selectedCase in
                        var earlier = selectedCase.parameters
                        for (name, value) in before { earlier[name] = value }
                        return cases.contains { $0.parameters == earlier && $0.ids.contains(test.metric) }
                    }
                    #expect(paired, "\(claim.source): no case of \(test.scenario) has its \(before) to compare with")
                }
            }
        }
    }
}
