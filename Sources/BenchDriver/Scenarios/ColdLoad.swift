import BenchMetrics
import BenchResults
import Foundation
import ModelGraph
import StoreInterface

/// Krush's start-up: decode a JSON payload of N models into an empty store.
@usableFromInline enum ColdLoad: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        let json: Data
        let models: Int
    }

    @usableFromInline static let id = ScenarioID.coldLoad

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let decode: MetricID = "decode"
        static let decodeInstructions: MetricID = "decode.instructions"
        static let merge: MetricID = "merge"
        static let mergeModel: MetricID = "merge.model"
        static let mergeModelInstructions: MetricID = "merge.model.instructions"
        static let models: MetricID = "models"
        static let retained: MetricID = "retained"
    }
    @usableFromInline static let headline = Metric.merge
    @usableFromInline static let title = "decode a JSON payload of N models and merge it into an empty store"
    @usableFromInline static let origin = "Krush start-up"
    /// One decode and one merge of the whole payload per round: no sample
    /// shortens it, so it is the instruction pass's longest job.
    @usableFromInline static let countsLargeOperationsWhole = true
    /// Per model, decode and merge count alike at the quick and default
    /// sizes, while under callgrind one decode and merge takes about a
    /// quarter of a millisecond a model a store: a larger payload lengthens
    /// the pass and says nothing new.
    @usableFromInline
    static let instructionsCountedUpTo: (parameter: ParameterSpec, value: Int)? = (Parameter.N, 20_000)
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let N = ParameterSpec(
            "N", "models in the payload", range: 10...2_000_000, tiny: 300, quick: 4_000, standard: 20_000,
            full: 100_000)
    }
    @usableFromInline static let parameters = [Parameter.N]
    @usableFromInline static let notes = [
        "decode is the same JSON decoding for every store (one payload type); merge is the store's own work.",
        "retained: heap bytes still allocated once the payload is decoded, merged and dropped, per model "
            + "(jemalloc's stats.allocated): what the store keeps, strings included.",
    ]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        "Building the graph: \(Metric.mergeModel) and \(Metric.mergeModel.mallocs) mallocs per model, whether parents are built "
            + "as values embedding their children or kept as flat records referring to them by id."
    ]

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        profile == .full
            ? ParameterSet.sweep(parameters, profile, Parameter.N, [1_000, 10_000, Profile.largestSweptGraph])
            : [ParameterSet.defaults(parameters, profile)]
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        let graph = try GeneratedGraph(shape: .app(models: parameters[Parameter.N]), seed: seed)
        return Workload(json: graph.fullBatch.json(), models: graph.shape.modelCount)
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        // From before decoding: the store ends up owning the decoded strings.
        let before = context.countsAllocations ? try MemoryFootprint.current() : nil
        var batch = PayloadBatch()
        var decodeFailure: (any Error)?
        let decode = try TimedLoop.run(count: 1, context: context) { _ in
            do { batch = try PayloadBatch(json: workload.json) } catch { decodeFailure = error }
        }
        if let decodeFailure { throw ScenarioError("cold-load: the payload did not decode: \(decodeFailure)") }
        context.progress(0.4)
        let store = freshStore(type, parameters, context)
        var mergeFailure: (any Error)?
        // Until the store has absorbed it: with the work the merge left
        // another thread (a consistency manager walking what it was posted).
        let merge = try TimedLoop.run(count: 1, context: context) { _ in
            do { _ = try store.settled { () throws(MergeError) in try store.merge(batch) } } catch {
                mergeFailure = error
            }
        }
        if let mergeFailure { throw ScenarioError("cold-load: the merge failed: \(mergeFailure)") }
        batch = PayloadBatch()
        let after = context.countsAllocations ? try MemoryFootprint.current() : nil
        context.progress(1)

        let models = Double(workload.models)
        var metrics = RoundMetrics()
        // One operation each: its p50 is its time, so only that is reported.
        if let decoding = decode.latency, let merging = merge.latency {
            metrics.add(Metric.decode, "decode JSON", unit: .milliseconds, kind: .timing, decoding.p50 / 1e6)
            metrics.add(Metric.merge, "merge into empty store", unit: .milliseconds, kind: .timing, merging.p50 / 1e6)
            metrics.add(Metric.mergeModel, "merge per model", unit: .nanoseconds, kind: .timing, merging.p50 / models)
        }
        if let decoding = decode.instructions, let merging = merge.instructions {
            metrics.add(
                MetricDescriptor(
                    id: Metric.decodeInstructions, label: "decode JSON instructions",
                    unit: .perModel, kind: .instructions, operations: workload.models),
                Double(decoding) / models)
            metrics.add(
                MetricDescriptor(
                    id: Metric.mergeModelInstructions, label: "merge per model instructions",
                    unit: .perModel, kind: .instructions, operations: workload.models),
                Double(merging) / models)
        }
        metrics.addAllocations(Metric.mergeModel, "merge per model", merge.allocations, per: workload.models)
        if let before, let after {
            metrics.add(
                Metric.retained, "retained per model", unit: .bytes, kind: .count,
                (Double(after.allocated) - Double(before.allocated)) / models)
        }
        metrics.add(
            Metric.models, "models stored", unit: .count, kind: .count, informational: true, Double(store.counts.models)
        )
        consume(store)
        return metrics
    }
}

extension ScenarioID {
    public static let coldLoad = ScenarioID("cold-load")
}
