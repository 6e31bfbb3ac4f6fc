/// How much a run measures.
public enum Profile: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// Every scenario at small sizes, about four minutes on 2 cores: CI.
    case quick
    /// Every scenario at meaningful sizes (README gives its time on 2 cores): `bench` with no arguments.
    case `default`
    /// Sweeps up to `largestSweptGraph` models and many threads and observers.
    case full

    public var description: String { rawValue }

    /// Whether a run of the profile counts instructions per operation
    /// unless told otherwise: the default and full profiles do, so their
    /// reports decide single-threaded comparisons on exact counts; the quick
    /// profile counts only when asked (CI asks).
    public var countsInstructions: Bool { self != .quick }

    /// Whether a run of the profile measures every case its scenarios
    /// define: the CI gate compares every figure of a quick run with the
    /// baseline's. The other profiles measure only the cases a claim, a
    /// table or a chart reads (`measuredCases(of:)`).
    public var measuresEveryCase: Bool { self == .quick }

    /// Independent rounds per case and store unless `--rounds` says otherwise.
    /// At least 4: with 3 rounds a side, the rank test cannot reach p < 0.05
    /// however far apart the stores are. The default and full profiles run
    /// that fewest: their single-threaded cases are decided by instruction
    /// counts, which need no rounds, and a case whose claims stay open gets
    /// more (`RoundExtension`).
    public var defaultRounds: Int {
        switch self {
        case .quick: 5
        case .default, .full: 4
        }
    }

    /// The largest graph the full profile's sweeps build (feed-read,
    /// cold-load, memory): every round builds a store of them, so the size
    /// sets much of the full run's length, while past the caches' size a
    /// larger graph adds only build time.
    public static let largestSweptGraph = 100_000
}
