import BenchResults
import StoreInterface

// What the systems this project grew from claimed, each with the cases that
// test it: the one file a claim is added to or changed in. Every test names
// a scenario, one of its metrics and a design by their types; a test checks
// that a run produces every metric a claim names.

extension SourceClaim {
    /// Every claim the report judges. A test states its threshold, so a
    /// reader can disagree with the threshold rather than with a verdict.
    public static let all: [SourceClaim] = [
        SourceClaim(
            source: "Vesper (Brent Simmons, 2014)",
            statement: "Replacing objects with new immutable values is barely different from updating uniqued "
                + "objects, removes the uniqued-objects cache, and probably gains some performance.",
            favours: values,
            tests: [
                // What a user waits for: the write and every screen it changes re-rendered.
                ClaimTest(TagRename.self, { $0.renameRendered.p50 }, rule: .familyWithin(barely)),
                ClaimTest(PartialMerge.self, { $0.mergeRendered.p50 }, rule: .familyWithin(barely)),
                ClaimTest(FeedRead.self, { $0.frame.p50 }, rule: .familyWithin(1)),
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
            favours: DesignSelector(.liveObjects, threading: .mainThread,
                                    label: "live objects on the main thread, merged from a background context"),
            tests: mainThreadUnblocked),
        SourceClaim(
            source: "Pinterest",
            statement: "Immutable models are inherently thread safe: readers on many threads never see an unsafe "
                + "value.",
            favours: values,
            tests: [
                ClaimTest(Consistency.self, { $0.torn },
                          rule: .atMost(0, meaning: "no row mixes two versions")),
            ]),
        SourceClaim(
            source: "Pinterest",
            statement: "A central cache merges partial server responses into the superset model.",
            favours: values,
            tests: [
                ClaimTest(PartialMerge.self, { $0.merge.p50 }, rule: .familyWithin(barely)),
                ClaimTest(ColdLoad.self, { $0.merge }, rule: .familyWithin(barely)),
            ]),
        SourceClaim(
            source: "Rocket Data",
            statement: "Child models are kept consistent inside the parent trees that hold them.",
            favours: values,
            tests: [
                ClaimTest(ChildPropagation.self, parameters: ["shape": 0], { $0.inconsistent },
                          rule: .atMost(0, meaning: "no screen shows a parent without its child's update")),
            ]),
        SourceClaim(
            source: "Rocket Data",
            statement: "Equal models short-circuit: merging a model equal to the cached one changes and notifies "
                + "nothing.",
            favours: values,
            tests: [
                ClaimTest(PartialMerge.self, parameters: ["noop": 100],
                          { $0.notifications },
                          rule: .atMost(0, meaning: "a batch of equal payloads notifies no one")),
            ]),
        SourceClaim(
            source: "Rocket Data (2016, iPhone 5 simulator)",
            statement: "Its published performance tests: 150, 238, 158 and 22 ms for its four shapes.",
            favours: values,
            tests: [
                // Its first three shapes update a child.
                ClaimTest(ChildPropagation.self, parameters: ["shape": 1], { $0.update.p50 }, rule: .withinPublished),
                ClaimTest(ChildPropagation.self, parameters: ["shape": 2], { $0.update.p50 }, rule: .withinPublished),
                ClaimTest(ChildPropagation.self, parameters: ["shape": 3], { $0.update.p50 }, rule: .withinPublished),
                // The last shape adds a listener rather than updating.
                ClaimTest(ChildPropagation.self, parameters: ["shape": 4], { $0.listen.p50 },
                          rule: .withinPublished),
            ]),
        SourceClaim(
            source: "GitHawk (FlatCache)",
            statement: "Making a new value for each change (`with(...)`) is cheap.",
            favours: values,
            // Cheap: within twice what writing a live object in place costs.
            tests: [
                ClaimTest(PartialMerge.self, { $0.payload }, rule: .familyWithin(2)),
            ]),
    ]

    /// The main thread keeps its frames while a writer syncs, and at launch
    /// while the whole graph arrives.
    private static let mainThreadUnblocked = [
        ClaimTest(BackgroundSync.self, parameters: ["launch": 0, "sync": 0], { $0.frame.p99 },
                  rule: .atMost(frame120HzMicroseconds, meaning: "scrolling: a whole frame's CPU fits a 120 Hz frame")),
        // Wall clock: a frame that waits for the store's lock is as late as one that works.
        ClaimTest(BackgroundSync.self, parameters: ["launch": 1, "sync": 0], { $0.frameWallMax },
                  rule: .atMost(frame60HzMicroseconds, meaning: "launch: no frame longer than a 60 Hz frame, waits included")),
    ]
    private static let values = DesignSelector(.values, label: "immutable values")
    /// "Barely different": the values' best within a quarter of the objects' best.
    private static let barely = 1.25
    /// Frame budgets in the units of the metrics they bound.
    private static let frame120HzMicroseconds = 8_333.0
    private static let frame60HzMicroseconds = 16_667.0
}

extension ClaimTest {
    /// The cases of `scenario` whose parameters include `parameters`,
    /// judged on one of the scenario's own metrics.
    init<Scenario: BenchScenario>(
        _ scenario: Scenario.Type, parameters: [String: Int] = [:], _ metric: (Scenario.Metric.Type) -> MetricID,
        rule: ClaimRule
    ) {
        self.init(scenario: Scenario.id.rawValue, parameters: parameters, metric: metric(Scenario.Metric.self), rule: rule)
    }
}

extension DesignSelector {
    /// The stores of `family`, optionally only those used from `threading`.
    init(_ family: DesignFamily, threading: StoreThreading? = nil, label: String) {
        self.init(family: family.rawValue, threading: threading?.rawValue, label: label)
    }
}
