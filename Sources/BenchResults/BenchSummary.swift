import BenchStatistics

/// A metric's rounds summarized for the results file.
public typealias BenchSummary = SampleSummary
