import BenchStatistics

extension MetricSeries {
    /// Whether this run shows a floor (`self`) above the operation it bounds:
    /// by the rule every comparison of two stores uses (`Comparison`), so an
    /// instruction count is above only beyond `MetricKind.instructionsAlike`
    /// and a timing only when its rounds differ significantly.
    ///
    /// A floor does a part of what its operation does, by construction; one
    /// shown above it means the floor is not built from the operation's code.
    public func isShownAbove(_ operation: MetricSeries) -> Bool {
        Comparison(baseline: operation, candidate: self).verdict == .higher
    }
}
