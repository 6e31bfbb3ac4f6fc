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
            source: "Vesper", system: .vesper, document: .vesper,
            quote: "I think that completes it: immutable model objects are not only possible (in Vesper’s case) but "
                + "barely any different from the code that exists now.",
            measured: "nothing: the sentence is about Vesper's own app code, before and after",
            favours: values, tests: [],
            untestable: "Brent Simmons speaks of Vesper's code as it was and as it would be; the stores here are "
                + "models of designs, each written for this suite, not an app's code before and after a change"),
        SourceClaim(
            source: "Vesper", system: .vesper, document: .vesper,
            quote:
                "But if I’m updating objects by replacing them, then the uniqued-objects cache makes no sense. Which "
                + "means I can delete some code — and probably gain some performance by not having to maintain and "
                + "access that cache.",
            measured: "accessing the cache (looking up a note a screen holds, and one nobody holds) and maintaining it "
                + "(holders coming and going, the weak table purged), by instructions: the work the uniqued-objects "
                + "cache costs, against the values' lookups",
            favours: values,
            tests: [
                ClaimTest(FeedRead.self, parameters: { [$0.scroll: 0] }, { $0.heldLookup.p50 }, rule: .familyWithin(1)),
                ClaimTest(FeedRead.self, parameters: { [$0.scroll: 0] }, { $0.coldLookup.p50 }, rule: .familyWithin(1)),
                ClaimTest(Churn.self, { $0.step.p50 }, rule: .familyWithin(1)),
            ],
            hedge: "probably"),
        SourceClaim(
            source: "Vesper", system: .vesper, document: .vesper,
            quote:
                "It also means that I could handle sync merging on the database queue rather than on the main thread "
                + "queue. This helps ensure that the main thread isn’t blocked for any reason.",
            inference: "\"on the database queue rather than on the main thread queue\" read as: the main thread does "
                + "at most half of the sync's store work",
            measured: "where the sync's store work runs (the main thread's share of it, against the writer's commits) "
                + "and whether the main thread's frames fit their budgets while a writer syncs and at launch",
            favours: values,
            tests: mainThreadUnblocked + [
                ClaimTest(
                    BackgroundSync.self,
                    parameters: { [$0.launch: 0, $0.sync: BackgroundSync.Sync.syncThread.rawValue] }, { $0.mainShare },
                    rule: .atMost(50, meaning: "the main thread does at most half the sync's store work"))
            ]),
        SourceClaim(
            source: "Krush", system: .coreData, document: .krush,
            quote: "当我测试界面卡顿的时候，我立即就发现了问题：`Core Data`在主线程上阻塞了。 … 结果很令人振奋。"
                + "我们显著的改善了启动时间，并且整个界面页面的极为流畅。",
            inference:
                "\"blocked on the main thread\" then \"greatly improved launch and smooth\" read as: with the merge "
                + "in a background context, launch ends sooner and the main thread's frames are shorter than when it "
                + "merges itself, and fit their budgets",
            measured: "launch time (until a frame shows every row) and the main thread's frames while a background "
                + "context syncs, against the same sync merged on the main thread (Krush's before), at launch and after",
            favours: DesignSelector(
                .liveObjects, threading: .mainThread,
                label: "live objects on the main thread, merged from a background context"),
            tests: mainThreadUnblocked + [
                ClaimTest(
                    BackgroundSync.self,
                    parameters: { [$0.launch: 0, $0.sync: BackgroundSync.Sync.syncThread.rawValue] }, { $0.frame.p99 },
                    rule: krushBefore),
                ClaimTest(
                    BackgroundSync.self,
                    parameters: { [$0.launch: 1, $0.sync: BackgroundSync.Sync.syncThread.rawValue] },
                    { $0.frameWallMax },
                    rule: krushBefore),
                ClaimTest(
                    BackgroundSync.self,
                    parameters: { [$0.launch: 1, $0.sync: BackgroundSync.Sync.syncThread.rawValue] },
                    { $0.launchFirst },
                    rule: krushBefore),
            ]),
        SourceClaim(
            source: "Pinterest", system: .pinterest, document: .pinterest,
            quote:
                "In our new system, the object can't be changed after initialization, so we can safely have multiple "
                + "threads reading concurrently without worrying about reading an unsafe value.",
            measured: "rows read on background threads while a writer changes them: torn rows (fields from two "
                + "versions); the sentence speaks of safety, so how much the readers get through is shown, not judged",
            favours: values,
            tests: [readersSafe]),
        SourceClaim(
            source: "Pinterest", system: .pinterest, document: .pinterest,
            quote: "If A modifies C, both A and B will see a changed value. This can be fine, but if B doesn't expect "
                + "this, very bad things can happen.",
            inference: "a row that gets its children from the cache when it is drawn (FlatCache's) counts as its "
                + "model changing underneath it: the screen shows the new tag name though its value never changed",
            measured: "screens whose model, as first handed to them, displays otherwise after another screen's "
                + "change, which they never received",
            favours: values,
            tests: [
                ClaimTest(
                    TagRename.self, { $0.underneath },
                    rule: .atMost(0, meaning: "no screen's model changes underneath it"))
            ],
            byConstruction: "a live object is one object seen through every reference, so where A modifies C, B "
                + "sees the change in every live-object store: the sentence describes that design, and the run "
                + "showing it counts neither for nor against a design",
            untestedCondition: "“if B doesn't expect this”: every screen here observes the tag and must show the "
                + "rename, so no screen is harmed by seeing it"),
        SourceClaim(
            source: "Pinterest", system: .pinterest, document: .pinterest,
            quote: "If an existing model is found, we'll merge the fields of the server response and the properties of "
                + "the existing model into a brand new model object. This new model replaces the existing one in the "
                + "cache. This way, the cached model always contains the most recent superset of all fields that "
                + "we've received.",
            measured: "every model after batches of partial payloads: does it hold the latest value of every field "
                + "received",
            favours: values,
            tests: [
                ClaimTest(
                    PartialMerge.self, { $0.notSuperset },
                    rule: .atMost(0, meaning: "every model holds the latest of every field received"))
            ],
            byConstruction: "every store merges a payload's fields by ModelGraph's one merge rule (absent keeps, "
                + "null clears), which keeps the superset, so every store passes alike; the run checks that rule "
                + "and each store's way to it, not the designs"),
        SourceClaim(
            source: "Rocket Data", system: .rocketData, document: .rocketData,
            quote: "All immutable models are trees, and if you implement the Model protocol, the library will keep all "
                + "subtrees consistent. So, if a child model needs updating, the library will replace it, regenerate a "
                + "new person model, and update the DataProviders.",
            measured: "held threads after a user they embed changes: rows not showing the change. Each design keeps "
                + "subtrees its own way (one shared object, every parent rebuilt, the manager's listened trees, rows "
                + "joined when drawn), so this is tested where they differ",
            favours: values,
            tests: [
                ClaimTest(
                    ChildPropagation.self, parameters: { [$0.shape: 0] }, { $0.inconsistent },
                    rule: .atMost(0, meaning: "no screen shows a parent without its child's update"))
            ]),
        SourceClaim(
            source: "Rocket Data", system: .rocketData, document: .rocketData,
            quote: "Rocket Data needs to compare models to determine if models have actually changed. If a model "
                + "hasn’t changed, the library can short circuit.",
            measured: "notifications after a batch of payloads equal to what the store holds",
            favours: values,
            tests: [
                ClaimTest(
                    PartialMerge.self, parameters: { [$0.noop: 100] }, { $0.notifications },
                    rule: .atMost(0, meaning: "a batch of equal payloads notifies no one"))
            ],
            byConstruction: "every store but snapshot-listened finds an equal payload unchanged as it merges it "
                + "(the shared write pipeline, snapshot-notified's merger and snapshot-grdb's SQL alike) and posts "
                + "nothing; snapshot-listened posts it to its manager to compare, as Rocket Data does: for the "
                + "others the merge passes, not the design"),
        SourceClaim(
            source: "Rocket Data's consistency manager, its performance tests", system: .rocketData,
            document: .rocketDataPerformanceTests,
            // Its first test's figures; the reference table sets out all four.
            quote: "Simulator (iPhone 5): 0.150 … iPhone 6+: 0.367",
            measured: "the work its four tests do (the same tree posted back, a listener added), beside the times it "
                + "published on other hardware",
            favours: DesignSelector(.values, label: "immutable values"),
            tests: PublishedReference.rocketData.map { reference in
                // The published work: shapes 1-3 post the same tree back, 4 adds a listener.
                let shape = reference.value
                return ClaimTest(
                    ChildPropagation.self, parameters: { [$0.shape: shape] },
                    { ChildPropagation.referenceShapes[shape - 1].addsListener ? $0.listen.p50 : $0.update.p50 },
                    rule: .reference)
            }),
        SourceClaim(
            source: "GitHawk", system: .gitHawk, document: .gitHawk,
            quote: "we can toss this simple, lightweight model to different threads and controllers without concern "
                + "for crashes, bugs, or performance issues.",
            inference: "no crashes or bugs read as no torn row under concurrent reads, by readers that read at least "
                + "half as much as the best store's; no performance issues with a new value per change (`with(...)`) "
                + "read as: the value stores' best merge within 2× the live objects' best, which write in place",
            measured: "rows read on other threads while a writer changes them (torn rows, reads got through), and "
                + "merging partial payloads, by instructions",
            favours: values,
            tests: readersConcurrentAndSafe + [
                ClaimTest(
                    PartialMerge.self, parameters: { [$0.noop: $0.noop.standard] }, { $0.merge.p50 },
                    rule: .familyWithin(2))
            ],
            untestedCondition: "a model read on the thread it was tossed to, with no cache: snapshot-flat's rows "
                + "join their children through its FlatCache, which asserts the main thread on every call, so its "
                + "readers here read through the main thread"),
    ]

    /// The main thread keeps its frames while a writer syncs, and at launch
    /// while the whole graph arrives: on any device, with a margin.
    private static let mainThreadUnblocked = [
        ClaimTest(
            BackgroundSync.self, parameters: { [$0.launch: 0, $0.sync: BackgroundSync.Sync.syncThread.rawValue] },
            { $0.frame.p99 },
            rule: .fitsBudget(frame120HzMicroseconds, meaning: "scrolling: a whole frame's CPU fits a 120 Hz frame")),
        // Wall clock: a frame that waits for the store's lock is as late as one that works.
        ClaimTest(
            BackgroundSync.self, parameters: { [$0.launch: 1, $0.sync: BackgroundSync.Sync.syncThread.rawValue] },
            { $0.frameWallMax },
            rule: .fitsBudget(
                frame60HzMicroseconds, meaning: "launch: no frame longer than a 60 Hz frame, waits included")),
    ]
    /// Krush's before: the same sync merged by the main thread itself.
    private static let krushBefore = ClaimRule.improvesOn(
        before: [BackgroundSync.Parameter.sync: BackgroundSync.Sync.mainThread.rawValue].byName,
        meaning: "the main thread merging itself (Krush's before)")
    /// Readers on other threads read whole rows.
    private static let readersSafe =
        ClaimTest(Consistency.self, { $0.torn }, rule: .atMost(0, meaning: "no row mixes two versions"))
    /// Readers on other threads read whole rows, and as many as they could.
    private static let readersConcurrentAndSafe = [
        readersSafe,
        ClaimTest(Consistency.self, { $0.reads }, rule: .eachWithin(2, meaning: "the readers read concurrently")),
    ]
    private static let values = DesignSelector(.values, label: "immutable values")
    /// Frame budgets in the units of the metrics they bound.
    private static let frame120HzMicroseconds = 8_333.0
    private static let frame60HzMicroseconds = 16_667.0
}

extension ClaimTest {
    /// The cases of `scenario` whose parameters include `parameters`,
    /// judged on one of the scenario's own metrics: both named by the
    /// scenario's own constants.
    init<Scenario: BenchScenario>(
        _ scenario: Scenario.Type, parameters: (Scenario.Parameter.Type) -> [ParameterSpec: Int] = { _ in [:] },
        _ metric: (Scenario.Metric.Type) -> MetricID, rule: ClaimRule
    ) {
        self.init(
            scenario: Scenario.id.rawValue, parameters: parameters(Scenario.Parameter.self).byName,
            metric: metric(Scenario.Metric.self), rule: rule)
    }
}
