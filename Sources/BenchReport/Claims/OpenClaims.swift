import BenchResults

/// The claims' tests a run leaves open: cases whose figures the rules of
/// evidence do not decide yet, which more rounds might.
public enum OpenClaims {
    /// Each finding of `run` the rules of evidence leave not shown, for the
    /// claim as a whole or for one of its favoured stores, as "claim 5
    /// (Pinterest) in consistency locking=1".
    /// - Complexity: O(*k* · *c*), *k* the claims' tests, *c* the run's cases.
    public static func undecided(in run: RunResult, context: ReportContext) -> [String] {
        context.claims.enumerated().flatMap { index, claim in
            ClaimVerdict(claim, run: run, context: context).findings
                .filter { $0.outcome == .notShown || $0.storeOutcomes.values.contains(.notShown) }
                .map { "claim \(index + 1) (\(claim.source)) in \($0.result.title)" }
        }
    }
}
