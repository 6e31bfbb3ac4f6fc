import BenchStatistics

/// One of the runs a joined run was put together from (`RunResult.joining`):
/// some of a profile's scenarios, measured in one process on one date.
public struct RunPiece: Hashable, Sendable, Codable {
    /// The scenarios the piece measured, in the run's order.
    public var scenarios: [String]
    /// When the piece was measured: ISO 8601, UTC.
    public var date: String
    public var hostname: String
    /// The piece's own harness clock: what a read of the clock cost in its
    /// process.
    public var clock: ClockCalibration
    /// The piece's wall time.
    public var durationSeconds: Double

    public init(scenarios: [String], date: String, hostname: String, clock: ClockCalibration, durationSeconds: Double) {
        self.scenarios = scenarios
        self.date = date
        self.hostname = hostname
        self.clock = clock
        self.durationSeconds = durationSeconds
    }
}
