import Histogram

/// Latencies of one kind of operation, in nanoseconds, in an HdrHistogram
/// (3 significant digits, 1 ns to 100 s).
///
/// One recorder per thread: recording takes no lock. Merge the threads'
/// recorders afterwards with `merge(_:)`.
public struct LatencyRecorder: Sendable {
    private var histogram: Histogram<UInt64>
    /// Operations each recorded value stands for: 1 when every operation was
    /// timed alone, more when operations were timed in batches and divided.
    public private(set) var operationsPerSample: Int
    /// Wall time covered by the samples, for throughput.
    public private(set) var totalNanoseconds: UInt64 = 0
    private var outOfRange: UInt64 = 0

    @usableFromInline static let highestTrackable: UInt64 = 100_000_000_000

    public init(operationsPerSample: Int = 1) {
        precondition(operationsPerSample >= 1, "a sample stands for at least one operation")
        histogram = Histogram(
            lowestDiscernibleValue: 1, highestTrackableValue: Self.highestTrackable,
            numberOfSignificantValueDigits: .three)
        self.operationsPerSample = operationsPerSample
    }

    /// Records one operation that took `nanoseconds`.
    @inlinable
    public mutating func record(_ nanoseconds: UInt64) {
        recordSample(nanoseconds, spanning: nanoseconds)
    }

    /// Records a batch of `operationsPerSample` operations that took
    /// `totalNanoseconds` together, as one sample of their mean.
    @inlinable
    public mutating func recordBatch(totalNanoseconds: UInt64) {
        recordSample(totalNanoseconds / UInt64(operationsPerSample), spanning: totalNanoseconds)
    }

    /// Records an operation of a fixed-rate (open-loop) workload, measured
    /// from when it *should* have started, so that a stall that delays the
    /// operations after it shows in their latency rather than vanishing
    /// (coordinated omission). See `OpenLoopSchedule`.
    @inlinable
    public mutating func record(intendedStart: UInt64, end: UInt64, actualStart: UInt64) {
        recordSample(end &- min(intendedStart, actualStart), spanning: end &- actualStart)
    }

    @usableFromInline
    mutating func recordSample(_ value: UInt64, spanning wallTime: UInt64) {
        totalNanoseconds &+= wallTime
        if !histogram.record(max(1, min(value, Self.highestTrackable))) || value > Self.highestTrackable {
            outOfRange &+= 1
        }
    }

    /// Adds another recorder's samples (another thread's, another round's).
    public mutating func merge(_ other: LatencyRecorder) {
        precondition(
            other.operationsPerSample == operationsPerSample,
            "merging recorders that batch differently would mix per-operation and per-batch values")
        histogram.add(other.histogram)
        totalNanoseconds &+= other.totalNanoseconds
        outOfRange &+= other.outOfRange
    }

    /// Samples recorded.
    public var sampleCount: UInt64 { histogram.totalCount }

    /// The percentiles and throughput of what was recorded.
    public var summary: LatencySummary {
        let samples = histogram.totalCount
        let operations = samples * UInt64(operationsPerSample)
        return LatencySummary(
            samples: samples,
            operations: operations,
            operationsPerSample: operationsPerSample,
            p50: Double(histogram.valueAtPercentile(50)),
            p90: Double(histogram.valueAtPercentile(90)),
            p99: Double(histogram.valueAtPercentile(99)),
            p999: Double(histogram.valueAtPercentile(99.9)),
            max: Double(histogram.max),
            mean: histogram.mean,
            operationsPerSecond: totalNanoseconds == 0 ? 0 : Double(operations) * 1e9 / Double(totalNanoseconds),
            clampedSamples: outOfRange
        )
    }
}

/// Latency percentiles in nanoseconds per operation.
public struct LatencySummary: Hashable, Sendable, Codable {
    public var samples: UInt64
    public var operations: UInt64
    /// 1 when each operation was timed alone; otherwise every sample is the
    /// mean of a batch of this many operations, and the percentiles describe
    /// batch means (a batch hides the spread within it).
    public var operationsPerSample: Int
    public var p50: Double
    public var p90: Double
    public var p99: Double
    @usableFromInline var p999: Double
    public var max: Double
    public var mean: Double
    /// Operations per second of the time the samples covered.
    public var operationsPerSecond: Double
    /// Samples outside 1 ns...100 s, clamped into range.
    @usableFromInline var clampedSamples: UInt64

    @usableFromInline var isBatched: Bool { operationsPerSample > 1 }
}
