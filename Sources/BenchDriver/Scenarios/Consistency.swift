import BenchMetrics
import BenchResults
import Foundation
import Instrumentation
import ModelGraph
import StoreInterface
import Synchronization

/// Pinterest's message.users example: while a writer changes users, do
/// readers see stale values after they were told of a change, or rows
/// mixing two versions of one model?
@usableFromInline enum Consistency: BenchScenario {
    @usableFromInline struct Workload: Sendable {
        let graph: GeneratedGraph
        let setup: PayloadBatch
        /// Write `i` gives user `writes[i]` version `i + 1` in every field.
        let writes: [UserID]
    }

    @usableFromInline static let id = ScenarioID.consistency

    /// The metrics a round reports, by id: its rounds, headline, checks,
    /// mechanism sentences and the sources' claims name these.
    @usableFromInline enum Metric {
        static let reads: MetricID = "reads"
        static let stale: MetricID = "stale"
        static let staleAfterNotice: MetricID = "stale.notified"
        static let torn: MetricID = "torn"
        static let writes: MetricID = "writes"
        static let writesFailed: MetricID = "writes.failed"
        static let delivery: MetricID = "delivery"
        static let reader: MetricID = "reader"
    }
    @usableFromInline static let headline = Metric.stale
    @usableFromInline static let title = "a writer versions users while readers count stale and torn reads"
    @usableFromInline static let origin = "Pinterest (message.users)"
    @usableFromInline static let countsInstructions = false
    /// The scenario's parameters, by name: cases read them through these.
    @usableFromInline enum Parameter {
        static let rate = ParameterSpec(
            "rate", "writes per second", range: 1...1_000_000, tiny: 200, quick: 2_000, standard: 5_000, full: 5_000)
        static let readers = ParameterSpec(
            "readers", "reader threads", range: 1...64, tiny: 1, quick: 2, standard: 2, full: 2)
        static let ms = ParameterSpec(
            "ms", "duration of a round in milliseconds", range: 100...600_000,
            tiny: 100, quick: 1_000, standard: 250, full: 1_000)
        static let locking = ParameterSpec(
            variant: "locking", "uniquing row reads: 0 lock per object, 1 lock per field", range: 0...1,
            quick: 0, standard: 0, full: 0)
    }
    @usableFromInline static let parameters = [Parameter.rate, Parameter.readers, Parameter.ms, Parameter.locking]
    @usableFromInline static let notes = [
        "Every write sets a user's name, username and avatar URL to the same version. A torn read is a user "
            + "row showing two versions; a stale read is a message row showing an older author version than the "
            + "latest committed when the read began, whether or not its screen has been told of it; stale after "
            + "a notification counts only those older than what the screen was told of.",
        "locking=1 makes the uniquing store lock each field separately (like atomic properties); the snapshot "
            + "store has nothing to lock, so the setting does not apply to it.",
        "delivery: from the start of a write to an observer holding the new value.",
        "Readers of a main-confined store cannot hold its objects off the main thread: they read rows through "
            + "its background path (the records, under its lock); the main thread delivers its notifications.",
    ]

    @usableFromInline static let mechanisms: [MechanismTemplate] = [
        "Stale reads: a value holder shows what it was last handed until its observer runs, a live object has "
            + "already changed (\(Metric.stale) per million reads older than the latest commit); torn reads, \(Metric.torn) per million, "
            + "depend on how a row's fields are locked."
    ]

    @usableFromInline static func checks(for parameters: ParameterSet) -> [MetricID] { [Metric.writesFailed] }

    static let users = 20
    static let messages = 200

    @usableFromInline static func cases(for profile: Profile) -> [ParameterSet] {
        ParameterSet.sweep(parameters, profile, Parameter.locking, [0, 1])
    }

    @usableFromInline static func configuration(for parameters: ParameterSet) -> StoreConfiguration {
        StoreConfiguration(rowLocking: parameters[Parameter.locking] == 1 ? .perField : .perObject)
    }

    @usableFromInline static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        let graph = try GeneratedGraph(
            shape: GraphShape(
                users: users, tags: 1, notes: 0, tagsPerNote: 0, threads: messages, participantsPerMessage: 1),
            seed: seed)
        let setup = PayloadBatch(users: graph.userIDs.map { version($0, 0) })
        var random = SeededRandom(seed: seed ^ 0xC0)
        let total = max(1, parameters[Parameter.rate] * parameters[Parameter.ms] / 1_000)
        return Workload(graph: graph, setup: setup, writes: (0..<total).map { _ in UserID(1 + random.below(users)) })
    }

    /// A payload giving every displayed field of a user the same version.
    static func version(_ user: UserID, _ version: Int) -> UserPayload {
        UserPayload(
            id: user, name: .present("User \(user) v\(version)"), username: .present("user\(user)_v\(version)"),
            avatarURL: .present("https://cdn.example.com/avatars/\(user)/v\(version).png"),
            updatedAt: .present(Int64(version)))
    }

    /// The version a field carries: the digits after its last "v".
    static func versionIn(_ text: String) -> Int {
        guard let marker = text.lastIndex(of: "v") else { return -1 }
        return Int(text[text.index(after: marker)...].prefix { $0.isNumber }) ?? -1
    }

    /// What the round's threads share: the version each message screen was
    /// told of, when each write began, and what the writer and readers counted.
    final class Tally: Sendable {
        /// The newest author version each message screen has been told of.
        let notified: AtomicSlots
        /// When write `i` began, at index `i` (its version).
        let started: AtomicSlots
        /// The newest version committed of each user, by user slot: raised
        /// once the write that made it has returned.
        let committed: AtomicSlots
        let delivery = LockedValue(LatencyRecorder())
        let stop = Atomic<Bool>(false)
        let reads = Atomic<Int>(0), stale = Atomic<Int>(0), staleAfterNotice = Atomic<Int>(0), torn = Atomic<Int>(0)
        let writesApplied = Atomic<Int>(0)

        init(messages: Int, writes: Int) {
            notified = AtomicSlots(count: messages)
            started = AtomicSlots(count: writes + 1)
            committed = AtomicSlots(count: Consistency.users)
        }
    }

    @usableFromInline static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        let store = try loadedStore(type, workload.graph.fullBatch, parameters, context)
        try store.merge(workload.setup)
        let messageScreens = HeldModels(workload.graph.messageIDs.map { store.message($0) })
        let userScreens = HeldModels(workload.graph.userIDs.map { store.user($0) })
        let tally = Tally(messages: workload.graph.messageIDs.count, writes: workload.writes.count)
        let tokens = observe(store, workload, messageScreens, userScreens, tally)
        store.finishSetUp()

        let interval = 1_000_000_000 / UInt64(parameters[Parameter.rate])
        let start = MonotonicClock.now() + 5_000_000
        let writer = ThreadRole(.writer) { _ in
            let schedule = OpenLoopSchedule(start: start, intervalNanoseconds: interval)
            var applied = 0
            for (index, user) in workload.writes.enumerated() {
                _ = schedule.waitUntilDue(index)
                tally.started.store(index + 1, Int(MonotonicClock.now()))
                if (try? store.apply(.user(version(user, index + 1)))) != nil {
                    applied += 1
                    tally.committed.raise(user.rawValue - 1, to: index + 1)
                }
            }
            tally.writesApplied.store(applied, ordering: .relaxed)
            tally.stop.store(true, ordering: .releasing)
        }
        let readers = ThreadRole(.reader, threads: parameters[Parameter.readers]) { thread in
            read(store, workload, messageScreens, userScreens, tally, seed: context.seed &+ UInt64(thread) &+ 99)
        }
        // The main thread delivers what a main-confined store sends it.
        let main = ThreadRole(.main) { _ in
            while !tally.stop.load(ordering: .acquiring) {
                context.mainQueue.drain()
                usleep(100)
            }
        }
        let reports = ThreadGroup.run(
            [writer, readers], onCaller: main, draining: context.mainQueue,
            countsAllocations: context.countsAllocations)
        context.mainQueue.drain()
        store.settle()
        context.progress(1)
        consume(tokens)
        return metrics(tally, writes: workload.writes.count, readers: reports[.reader])
    }

    /// Each message screen observes its message and its author (noting the
    /// version it was told of); each user screen its user (recording how
    /// long after the write it heard).
    private static func observe<Store: ModelStore>(
        _ store: Store, _ workload: Workload, _ messageScreens: HeldModels<Store.MessageHandle>,
        _ userScreens: HeldModels<Store.UserHandle>, _ tally: Tally
    ) -> [ObservationToken] {
        var tokens: [ObservationToken] = []
        for (slot, id) in workload.graph.messageIDs.enumerated() {
            tokens.append(store.observe(id, messageScreens.handler(for: slot)))
            tokens.append(
                store.observe(workload.graph.message(id).author) { change in
                    guard case .updated(let user) = change else { return }
                    var texts = RowCapture()
                    store.display(user, into: &texts)
                    tally.notified.raise(slot, to: versionIn(texts.texts[0]))
                })
        }
        for (slot, id) in workload.graph.userIDs.enumerated() {
            let handler = userScreens.handler(for: slot)
            tokens.append(
                store.observe(id) { change in
                    handler(change)
                    guard case .updated(let user) = change else { return }
                    var texts = RowCapture()
                    store.display(user, into: &texts)
                    let version = versionIn(texts.texts[0])
                    if version > 0, version <= workload.writes.count, tally.started[version] > 0 {
                        let latency = MonotonicClock.now() &- UInt64(tally.started[version])
                        tally.delivery.withLock { $0.record(latency) }
                    }
                })
        }
        return tokens
    }

    /// One reader thread until the writer stops: a random message row (stale
    /// when older than its author's latest commit as the read began, and
    /// after a notification when older than its screen was told of) and a
    /// random user row (torn when its fields carry different versions), again
    /// and again.
    private static func read<Store: ModelStore>(
        _ store: Store, _ workload: Workload, _ messageScreens: HeldModels<Store.MessageHandle>,
        _ userScreens: HeldModels<Store.UserHandle>, _ tally: Tally, seed: UInt64
    ) {
        // Readers of a store that may be used from any thread hold screens;
        // those of a main-confined store cannot, and read its background path.
        let holdScreens = Store.design.threading.handlesOnAnyThread
        let ids = workload.graph.messageIDs
        var random = SeededRandom(seed: seed)
        var texts = RowCapture()
        let authors = ids.map { workload.graph.message($0).author.rawValue - 1 }
        var count = 0, staleCount = 0, staleAfterNoticeCount = 0, tornCount = 0
        while !tally.stop.load(ordering: .acquiring) {
            let slot = random.below(ids.count)
            let told = tally.notified[slot]
            let committed = tally.committed[authors[slot]]
            texts.removeAll()
            if holdScreens {
                if let message = messageScreens[slot] { store.display(message, into: &texts) }
            } else {
                _ = store.readRow(of: .message(ids[slot]), into: &texts)
            }
            if !texts.fields.isEmpty {
                let shown = versionIn(texts.texts[0])
                if shown < committed { staleCount += 1 }
                if shown < told { staleAfterNoticeCount += 1 }
            }
            texts.removeAll()
            let user = workload.graph.userIDs[random.below(users)]
            if holdScreens {
                if let held = userScreens[user.rawValue - 1] { store.display(held, into: &texts) }
            } else {
                _ = store.readRow(of: .user(user), into: &texts)
            }
            if !texts.fields.isEmpty {
                let name = versionIn(texts.texts[0])
                if versionIn(texts.texts[1]) != name || versionIn(texts.texts[2]) != name { tornCount += 1 }
            }
            count += 1
        }
        tally.reads.add(count, ordering: .relaxed)
        tally.stale.add(staleCount, ordering: .relaxed)
        tally.staleAfterNotice.add(staleAfterNoticeCount, ordering: .relaxed)
        tally.torn.add(tornCount, ordering: .relaxed)
    }

    private static func metrics(_ tally: Tally, writes: Int, readers: [ThreadReport]?) -> RoundMetrics {
        var metrics = RoundMetrics()
        let total = Double(max(1, tally.reads.load(ordering: .relaxed)))
        metrics.add(
            Metric.reads, "reads (a message row and a user row)", unit: .count, kind: .quantity,
            lowerIsBetter: false, informational: true, total)
        metrics.add(
            Metric.stale, "stale reads (older than the latest commit)", unit: .perMillion, kind: .quantity,
            Double(tally.stale.load(ordering: .relaxed)) / total * 1e6)
        metrics.add(
            Metric.staleAfterNotice, "stale reads after a notification", unit: .perMillion, kind: .quantity,
            Double(tally.staleAfterNotice.load(ordering: .relaxed)) / total * 1e6)
        metrics.add(
            Metric.torn, "torn reads", unit: .perMillion, kind: .quantity,
            Double(tally.torn.load(ordering: .relaxed)) / total * 1e6)
        metrics.addLatency(
            Metric.delivery, "notification delivery", tally.delivery.withLock { $0.summary },
            unit: .microseconds, kind: .quantity)
        let applied = tally.writesApplied.load(ordering: .relaxed)
        metrics.add(
            Metric.writes, "writes applied", unit: .count, kind: .quantity, informational: true, Double(applied))
        metrics.add(Metric.writesFailed, "writes that failed", unit: .count, kind: .count, Double(writes - applied))
        if let readers {
            metrics.addLocks(Metric.reader, readers.combined.lockTotal, per: Int(total))
        }
        return metrics
    }
}

extension ScenarioID {
    public static let consistency = ScenarioID("consistency")
}
