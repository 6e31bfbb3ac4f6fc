import BenchStatistics

/// A metric's rounds summarized for the results file.
package typealias BenchSummary = SampleSummary
