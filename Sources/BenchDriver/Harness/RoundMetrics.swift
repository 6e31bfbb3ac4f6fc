import BenchMetrics
import BenchResults
import Instrumentation
import StoreInterface

/// The metrics one round of one scenario produced on one store, in the
/// order they are reported.
public struct RoundMetrics: Sendable {
    public private(set) var values: [(metric: MetricDescriptor, value: Double)] = []

    public init() {}

    public mutating func add(_ metric: MetricDescriptor, _ value: Double) {
        values.append((metric, value))
    }

    /// Drops what counts the suite's instrumented lock: a library takes
    /// locks of its own, so those figures do not apply to it.
    mutating func removeLockFigures() {
        values.removeAll { $0.metric.id.measuresTheSuitesLock }
    }

    public mutating func add(
        _ id: MetricID, _ label: String, unit: MetricUnit, kind: MetricKind, lowerIsBetter: Bool = true,
        informational: Bool = false, bound: String? = nil, _ value: Double
    ) {
        add(
            MetricDescriptor(
                id: id, label: label, unit: unit, kind: kind, lowerIsBetter: lowerIsBetter,
                informational: informational, bound: bound), value)
    }

    /// Everything a timed loop measured of its operation, under `id`: p50,
    /// p99 and max of its latency in the unit that reads best (timed
    /// rounds), allocations per operation (timed rounds), lock acquisitions
    /// per operation (the warm-up round) and instructions per operation
    /// (under callgrind). `bound` and `floor` say which of a store's floor
    /// operations bounds it and the id of the loop that measured that floor,
    /// for its p50 and instructions. An `informational` loop ranks nothing.
    mutating func addLoop(
        _ id: MetricID, _ label: String, _ loop: LoopMeasurement, unit: MetricUnit = .nanoseconds,
        bound: FloorOperation? = nil, floor: MetricID? = nil, informational: Bool = false
    ) {
        guard loop.operations > 0 else { return }
        let operations = Double(loop.operations)
        if let latency = loop.latency {
            addLatency(
                id, label, latency, unit: unit, bound: bound, floor: floor?.p50,
                informational: informational)
        }
        if let mean = loop.meanNanoseconds {
            add(
                MetricDescriptor(
                    id: id.mean, label: "\(label) mean, settle included", unit: unit, kind: .timing,
                    informational: true),
                unit.fromNanoseconds(mean))
        }
        if let instructions = loop.instructions {
            add(
                MetricDescriptor(
                    id: id.instructions, label: "\(label) instructions, mean", unit: .perOperation,
                    kind: .instructions, informational: informational, bound: bound?.rawValue,
                    floor: floor?.instructions, operations: loop.operations,
                    acrossThreads: loop.instructionsAcrossThreads ? true : nil),
                Double(instructions) / operations)
        }
        addAllocations(id, label, loop.allocations, per: loop.operations, informational: informational)
        if let locks = loop.locks {
            add(
                id.locks, "\(label) lock acquisitions", unit: .perOperation, kind: .count, informational: informational,
                Double(locks.acquisitions) / operations)
        }
    }

    /// p50, p99 and max of an operation's latency, in the unit that reads best.
    /// A latency measured while threads deliberately contend depends on the
    /// scheduler: pass `.quantity`. `bound` and `floor` apply to the p50.
    mutating func addLatency(
        _ id: MetricID, _ label: String, _ summary: LatencySummary, unit: MetricUnit = .nanoseconds,
        kind: MetricKind = .timing, bound: FloorOperation? = nil, floor: MetricID? = nil, informational: Bool = false
    ) {
        add(
            MetricDescriptor(
                id: id.p50, label: "\(label) p50", unit: unit, kind: kind,
                informational: informational, bound: bound?.rawValue, floor: floor),
            unit.fromNanoseconds(summary.p50))
        add(
            MetricDescriptor(
                id: id.p99, label: "\(label) p99", unit: unit, kind: kind,
                informational: informational, tail: true),
            unit.fromNanoseconds(summary.p99))
        add(
            MetricDescriptor(
                id: id.max, label: "\(label) max", unit: unit, kind: kind,
                informational: informational, tail: true),
            unit.fromNanoseconds(summary.max))
    }

    /// Allocations per operation; `deterministic` when single-threaded.
    @usableFromInline mutating func addAllocations(
        _ id: MetricID, _ label: String, _ count: AllocationCount?, per operations: Int,
        deterministic: Bool = true, informational: Bool = false
    ) {
        guard let count, operations > 0 else { return }
        let kind: MetricKind = deterministic ? .count : .quantity
        add(
            id.mallocs, "\(label) mallocs", unit: .perOperation, kind: kind, informational: informational,
            Double(count.mallocs) / Double(operations))
        add(
            id.bytes, "\(label) bytes", unit: .perOperation, kind: kind, informational: informational,
            Double(count.bytes) / Double(operations))
    }

    /// Lock acquisitions per operation, the contended share and waits, for
    /// one thread role of a concurrent workload.
    public mutating func addLocks(_ role: MetricID, _ tally: LockTally, per operations: Int) {
        guard operations > 0 else { return }
        add(
            role.locks, "\(role): lock acquisitions", unit: .perOperation, kind: .quantity,
            Double(tally.acquisitions) / Double(operations))
        add(
            role.contended, "\(role): contended acquisitions", unit: .percent, kind: .quantity,
            tally.contendedShare * 100)
        add(
            role.lockwait, "\(role): lock wait, total", unit: .microseconds, kind: .quantity,
            Double(tally.waitNanoseconds) / 1_000)
        add(
            role.lockwait.max, "\(role): lock wait, longest", unit: .microseconds, kind: .quantity,
            Double(tally.maxWaitNanoseconds) / 1_000)
    }

    /// Context switches and CPU share of one thread role.
    public mutating func addUsage(_ role: MetricID, _ usage: ThreadUsage) {
        add(
            role.appending("switches.voluntary"), "\(role): voluntary context switches", unit: .count, kind: .quantity,
            Double(usage.voluntarySwitches))
        add(
            role.appending("switches.involuntary"), "\(role): involuntary context switches", unit: .count,
            kind: .quantity,
            Double(usage.involuntarySwitches))
        add(role.cpu, "\(role): CPU / wall", unit: .percent, kind: .quantity, informational: true, usage.cpuShare * 100)
    }
}
