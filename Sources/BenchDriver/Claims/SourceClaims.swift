import BenchResults
import StoreInterface

// What the systems this project grew from said, quoted, each with the cases
// that test what the quote says: the one file a claim is added to or changed
// in. Every test names a scenario, one of its metrics and a design by their
// types; a test checks that a run produces every metric a claim names, and
// another that every quote is word for word in its document.

extension SourceClaim {
    /// Every claim the report judges. A test states its threshold, so a
    /// reader can disagree with the threshold rather than with a verdict.
    public static let all: [SourceClaim] = [
        SourceClaim(
            source: "Vesper", document: .vesper,
            quote: "I think that completes it: immutable model objects are not only possible (in Vesper’s case) but "
                + "barely any different from the code that exists now.",
            inference: "\"barely any different\" read as: the value stores' smallest module within 1.25× the lines "
                + "of the live-object stores' smallest",
            favours: values,
            tests: [ClaimTest(CodeSize.self, { $0.lines }, rule: .familyWithin(barely))]),
        SourceClaim(
            source: "Vesper", document: .vesper,
            quote: "But if I’m updating objects by replacing them, then the uniqued-objects cache makes no sense. Which "
                + "means I can delete some code — and probably gain some performance by not having to maintain and "
                + "access that cache.",
            favours: values,
            tests: [
                // Maintaining and accessing the cache: a lookup nobody holds
                // builds and registers an object; holders coming and going keep
                // the weak table and its purges busy.
                ClaimTest(FeedRead.self, parameters: ["scroll": 0], { $0.coldLookup.p50 }, rule: .familyWithin(1)),
                ClaimTest(Churn.self, { $0.step.p50 }, rule: .familyWithin(1)),
            ]),
        SourceClaim(
            source: "Vesper", document: .vesper,
            quote: "It also means that I could handle sync merging on the database queue rather than on the main thread "
                + "queue. This helps ensure that the main thread isn’t blocked for any reason.",
            favours: values,
            tests: mainThreadUnblocked),
        SourceClaim(
            source: "Krush", document: .krush,
            quote: "当我测试界面卡顿的时候，我立即就发现了问题：`Core Data`在主线程上阻塞了。 … 结果很令人振奋。"
                + "我们显著的改善了启动时间，并且整个界面页面的极为流畅。",
            inference: "\"blocked on the main thread\" then \"greatly improved launch and smooth\" read as: with the merge "
                + "in a background context, the main thread's frames are shorter than when it merges itself, and fit "
                + "their budgets",
            favours: DesignSelector(.liveObjects, threading: .mainThread,
                                    label: "live objects on the main thread, merged from a background context"),
            tests: mainThreadUnblocked + [
                ClaimTest(BackgroundSync.self, parameters: ["launch": 0, "sync": 0], { $0.frame.p99 },
                          rule: .improvesOn(before: ["sync": 2], meaning: "the main thread merging itself (Krush's before)")),
                ClaimTest(BackgroundSync.self, parameters: ["launch": 1, "sync": 0], { $0.frameWallMax },
                          rule: .improvesOn(before: ["sync": 2], meaning: "the main thread merging itself (Krush's before)")),
            ]),
        SourceClaim(
            source: "Pinterest", document: .pinterest,
            quote: "In our new system, the object can't be changed after initialization, so we can safely have multiple "
                + "threads reading concurrently without worrying about reading an unsafe value.",
            favours: values,
            tests: [ClaimTest(Consistency.self, { $0.torn }, rule: .atMost(0, meaning: "no row mixes two versions"))]),
        SourceClaim(
            source: "Pinterest", document: .pinterest,
            quote: "If A modifies C, both A and B will see a changed value. This can be fine, but if B doesn't expect "
                + "this, very bad things can happen.",
            favours: values,
            tests: [
                ClaimTest(TagRename.self, { $0.underneath },
                          rule: .atMost(0, meaning: "no screen's model changes underneath it")),
            ]),
        SourceClaim(
            source: "Pinterest", document: .pinterest,
            quote: "If an existing model is found, we'll merge the fields of the server response and the properties of "
                + "the existing model into a brand new model object. This new model replaces the existing one in the "
                + "cache. This way, the cached model always contains the most recent superset of all fields that "
                + "we've received.",
            favours: values,
            tests: [
                ClaimTest(PartialMerge.self, { $0.notSuperset },
                          rule: .atMost(0, meaning: "every model holds the latest of every field received")),
            ]),
        SourceClaim(
            source: "Rocket Data", document: .rocketData,
            quote: "All immutable models are trees, and if you implement the Model protocol, the library will keep all "
                + "subtrees consistent. So, if a child model needs updating, the library will replace it, regenerate a "
                + "new person model, and update the DataProviders.",
            favours: values,
            tests: [
                ClaimTest(ChildPropagation.self, parameters: ["shape": 0], { $0.inconsistent },
                          rule: .atMost(0, meaning: "no screen shows a parent without its child's update")),
            ]),
        SourceClaim(
            source: "Rocket Data", document: .rocketData,
            quote: "Rocket Data needs to compare models to determine if models have actually changed. If a model "
                + "hasn’t changed, the library can short circuit.",
            favours: values,
            tests: [
                ClaimTest(PartialMerge.self, parameters: ["noop": 100], { $0.notifications },
                          rule: .atMost(0, meaning: "a batch of equal payloads notifies no one")),
            ]),
        SourceClaim(
            source: "Rocket Data's consistency manager, its performance tests",
            document: .rocketDataPerformanceTests,
            // Its first test's figures; the reference table sets out all four.
            quote: "Simulator (iPhone 5): 0.150 … iPhone 6+: 0.367",
            favours: DesignSelector(.values, label: "immutable values"),
            tests: PublishedReference.rocketData.map { reference in
                // The published work: shapes 1-3 post the same tree back, 4 adds a listener.
                let shape = reference.value
                return ClaimTest(ChildPropagation.self, parameters: ["shape": shape],
                                 { ChildPropagation.referenceShapes[shape - 1].addsListener ? $0.listen.p50 : $0.update.p50 },
                                 rule: .reference)
            }),
        SourceClaim(
            source: "GitHawk", document: .gitHawk,
            quote: "we can toss this simple, lightweight model to different threads and controllers without concern "
                + "for crashes, bugs, or performance issues.",
            inference: "no crashes or bugs read as no torn row under concurrent reads; no performance issues with a new "
                + "value per change (`with(...)`) read as: the value stores' best merge within 2× the live objects' "
                + "best, which write in place",
            favours: values,
            tests: [
                ClaimTest(Consistency.self, { $0.torn }, rule: .atMost(0, meaning: "no row mixes two versions")),
                ClaimTest(PartialMerge.self, { $0.merge.p50 }, rule: .familyWithin(2)),
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
