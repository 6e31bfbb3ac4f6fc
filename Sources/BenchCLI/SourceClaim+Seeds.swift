import BenchDriver
import BenchReport
import StoreInterface

extension SourceClaim {
    /// What the systems this project grew from claimed, each with the cases
    /// that test it. A test states its threshold, so a reader can disagree
    /// with the threshold rather than with a verdict.
    static let seeds: [SourceClaim] = [
        SourceClaim(
            source: "Vesper (Brent Simmons, 2014)",
            statement: "Replacing objects with new immutable values is barely different from updating uniqued "
                + "objects, removes the uniqued-objects cache, and probably gains some performance.",
            favours: values,
            tests: [
                ClaimTest(scenario: ScenarioID.tagRename.rawValue, metric: "rename.p50", rule: .familyWithin(barely)),
                ClaimTest(scenario: ScenarioID.partialMerge.rawValue, metric: "merge.p50", rule: .familyWithin(barely)),
                ClaimTest(scenario: ScenarioID.feedRead.rawValue, metric: "frame.p50", rule: .familyWithin(1)),
            ]),
        SourceClaim(
            source: "Vesper",
            statement: "With immutable values, sync merging runs on a background queue, so the main thread is "
                + "not blocked.",
            favours: values,
            tests: mainThreadUnblocked),
        SourceClaim(
            source: "Krush (Core Data)",
            statement: "Merging on the main-queue context blocks the main thread; a background context merged "
                + "into the main context restores smooth scrolling and launch.",
            favours: DesignSelector(family: DesignFamily.liveObjects.rawValue, threading: StoreThreading.mainThread.rawValue,
                                    label: "live objects on the main thread, merged from a background context"),
            tests: mainThreadUnblocked),
        SourceClaim(
            source: "Pinterest",
            statement: "Immutable models are inherently thread safe: readers on many threads never see an unsafe "
                + "value.",
            favours: values,
            tests: [
                ClaimTest(scenario: ScenarioID.consistency.rawValue, metric: "torn",
                          rule: .atMost(0, meaning: "no row mixes two versions")),
            ]),
        SourceClaim(
            source: "Pinterest",
            statement: "A central cache merges partial server responses into the superset model.",
            favours: values,
            tests: [
                ClaimTest(scenario: ScenarioID.partialMerge.rawValue, metric: "merge.p50", rule: .familyWithin(barely)),
                ClaimTest(scenario: ScenarioID.coldLoad.rawValue, metric: "merge", rule: .familyWithin(barely)),
            ]),
        SourceClaim(
            source: "Rocket Data",
            statement: "Child models are kept consistent inside the parent trees that hold them.",
            favours: values,
            tests: [
                ClaimTest(scenario: ScenarioID.childPropagation.rawValue, parameters: ["shape": 0], metric: "inconsistent",
                          rule: .atMost(0, meaning: "no screen shows a parent without its child's update")),
            ]),
        SourceClaim(
            source: "Rocket Data",
            statement: "Equal models short-circuit: merging a model equal to the cached one changes and notifies "
                + "nothing.",
            favours: values,
            tests: [
                ClaimTest(scenario: ScenarioID.partialMerge.rawValue, parameters: ["noop": 100],
                          metric: "merge.notifications",
                          rule: .atMost(0, meaning: "a batch of equal payloads notifies no one")),
            ]),
        SourceClaim(
            source: "Rocket Data (2016, iPhone 5 simulator)",
            statement: "Its published performance tests: 150, 238, 158 and 22 ms for its four shapes.",
            favours: values,
            tests: [
                ClaimTest(scenario: ScenarioID.childPropagation.rawValue, metric: "update.p50", rule: .withinPublished),
                // The last shape adds a listener rather than updating.
                ClaimTest(scenario: ScenarioID.childPropagation.rawValue, parameters: ["shape": 4], metric: "listen.p50",
                          rule: .withinPublished),
            ]),
        SourceClaim(
            source: "GitHawk (FlatCache)",
            statement: "Making a new value for each change (`with(...)`) is cheap.",
            favours: values,
            // Cheap: within twice what writing a live object in place costs.
            tests: [
                ClaimTest(scenario: ScenarioID.partialMerge.rawValue, metric: "merge.payload", rule: .familyWithin(2)),
            ]),
    ]

    /// The main thread keeps its frames while a writer syncs, and at launch
    /// while the whole graph arrives.
    private static let mainThreadUnblocked = [
        ClaimTest(scenario: ScenarioID.backgroundSync.rawValue, parameters: ["launch": 0], metric: "main.frame.p99",
                  rule: .atMost(frame120HzMicroseconds, meaning: "scrolling: a whole frame's CPU fits a 120 Hz frame")),
        // Wall clock: a frame that waits for the store's lock is as late as one that works.
        ClaimTest(scenario: ScenarioID.backgroundSync.rawValue, parameters: ["launch": 1], metric: "main.frame.wall.max",
                  rule: .atMost(frame60HzMicroseconds, meaning: "launch: no frame longer than a 60 Hz frame, waits included")),
    ]
    private static let values = DesignSelector(family: DesignFamily.values.rawValue, label: "immutable values")
    /// "Barely different": the values' best within a quarter of the objects' best.
    private static let barely = 1.25
    /// Frame budgets in the units of the metrics they bound.
    private static let frame120HzMicroseconds = 8_333.0
    private static let frame60HzMicroseconds = 16_667.0
}
