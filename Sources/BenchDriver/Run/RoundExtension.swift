import BenchResults

/// How a run adds rounds to a case whose figures the rules of evidence
/// leave undecided, as criterion and package-benchmark bound their sampling
/// by time: round after round on every store until nothing is left open,
/// the case has run `maximumRounds`, or it has taken `timeFactor` times as
/// long as its warm-up and first rounds did. A case that stops undecided
/// says so in a note.
///
/// Only a case the instruction pass does not count is extended: where a
/// count is taken, it decides, and more timed rounds would change nothing.
public struct RoundExtension: Sendable {
    /// Rounds a case may run in all (pooled with another run's, when pooled).
    public var maximumRounds: Int
    /// How many times the time of its warm-up and first rounds a case may
    /// take in all.
    public var timeFactor: Double
    /// What a run of one case leaves open ("claim 5 (Pinterest) in
    /// consistency locking=1"); empty when everything it tests is decided.
    public var undecided: @Sendable (RunResult) -> [String]

    public init(maximumRounds: Int, timeFactor: Double, undecided: @escaping @Sendable (RunResult) -> [String]) {
        self.maximumRounds = maximumRounds
        self.timeFactor = timeFactor
        self.undecided = undecided
    }
}
