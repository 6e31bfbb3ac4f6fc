import GRDB
import Instrumentation
import ModelGraph
import StoreInterface
import Synchronization

/// The store's one transaction observer, as a GRDB app with many observed
/// rows builds it (Signal-iOS's `DatabaseChangeObserver`; GRDB's
/// documentation: "do not observe independently all elements in a list",
/// `GRDB/Documentation.docc/Extension/ValueObservation.md` line 268): it
/// collects the rows a transaction changed, and after the commit fetches
/// every observed model built from them, in one query per kind, and fans
/// the new values out to the screens on the main thread.
///
/// - During a write, GRDB calls `databaseDidChange(with:)` once per changed
///   row of the observed tables, on the writer's queue
///   (`GRDB/Core/TransactionObserver.swift`, `databaseDidChange(with:)`
///   at line 515, SQLite's update hook); the observer looks the row up in
///   its index of which observed models embed it.
/// - After the commit GRDB calls `databaseDidCommit(_:)` on the writer's
///   queue (line 551), where the observer fetches the models it collected
///   and keeps those whose value is not equal to the last one fetched.
/// - The values go to the main queue in one delivery per commit, as
///   `.async(onQueue: .main)` schedules a GRDB observation's values.
///
/// SQLite's update hook does not fire for the link tables (`WITHOUT ROWID`),
/// so a write that changes a model's links also writes the model's row
/// (`SQLMerge`): a changed model always changes its row.
final class DatabaseChangeObserver: TransactionObserver, Sendable {
    private struct Observed {
        /// The value last fetched; nil while the model is absent.
        var value: ObservedValue?
        /// The rows `value` was built from (`ModelRef.rows(holding:)`), as
        /// the index holds them.
        var rows: [ModelRef]
        /// In the order they joined.
        var screens: [ScreenObservation] = []
    }

    private struct State {
        var observed: [ModelRef: Observed] = [:]
        /// For each row, the observed models whose last value embeds it.
        var dependents: [ModelRef: Set<ModelRef>] = [:]
        /// Observed models whose rows the running transaction changed.
        var changed: Set<ModelRef> = []
        /// Deliveries made so far: a screen hears only those after it joined.
        var deliveries = 0

        mutating func index(_ model: ModelRef, rows: some Sequence<ModelRef>) {
            for row in rows { dependents[row, default: []].insert(model) }
        }

        mutating func unindex(_ model: ModelRef, rows: some Sequence<ModelRef>) {
            for row in rows {
                dependents[row]?.remove(model)
                if dependents[row]?.isEmpty == true { dependents[row] = nil }
            }
        }
    }

    private let state = LockedValue(State())
    private let mainQueue: MainQueue
    let ledger = ObservationLedger()

    init(mainQueue: MainQueue) {
        self.mainQueue = mainQueue
    }

    // MARK: Screens

    /// How many models some screen observes.
    var observedModels: Int { state.withLock { $0.observed.count } }

    /// Adds `screen` to the model's screens; the first screen of a model
    /// fetches its value, the one later writes are compared with. Runs on the
    /// database queue, so no commit falls between the fetch and the join.
    func join(_ screen: ScreenObservation, _ db: Database) throws {
        try state.withLock { state in
            if state.observed[screen.model] == nil {
                let value = try SQLReads.value(of: screen.model, db)
                let rows = screen.model.rows(holding: value)
                state.observed[screen.model] = Observed(value: value, rows: rows)
                state.index(screen.model, rows: rows)
            }
            screen.joined(after: state.deliveries)
            state.observed[screen.model]?.screens.append(screen)
        }
        ledger.running.add(1, ordering: .relaxed)
    }

    /// Removes `screen`; the model's last screen stops its observation.
    ///
    /// - Complexity: O(*s*), where *s* is the number of the model's screens.
    func leave(_ screen: ScreenObservation) {
        state.withLock { state in
            guard var observed = state.observed[screen.model] else { return }
            observed.screens.removeAll { $0 === screen }
            if observed.screens.isEmpty {
                state.unindex(screen.model, rows: observed.rows)
                state.observed[screen.model] = nil
                state.changed.remove(screen.model)
            } else {
                state.observed[screen.model] = observed
            }
        }
        ledger.running.subtract(1, ordering: .relaxed)
    }

    // MARK: TransactionObserver, on the writer's queue

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        SQLSchema.modelTables.contains(eventKind.tableName)
    }

    func databaseDidChange(with event: DatabaseEvent) {
        guard let row = ModelRef(table: event.tableName, rowID: event.rowID) else { return }
        state.withLock { state in
            if let dependents = state.dependents[row] { state.changed.formUnion(dependents) }
        }
    }

    func databaseDidCommit(_ db: Database) {
        let changed = state.withLock { state in
            defer { state.changed = [] }
            return state.changed
        }
        guard !changed.isEmpty else { return }
        let fetched = mustSucceed { try SQLReads.values(of: changed, db) }
        state.withLock { state in
            var delivery: [(model: ModelRef, value: ObservedValue?)] = []
            for model in changed {
                guard let observed = state.observed[model] else { continue }
                let value = fetched[model]
                guard value != observed.value else { continue }
                let rows = model.rows(holding: value)
                if rows != observed.rows {
                    state.unindex(model, rows: observed.rows)
                    state.index(model, rows: rows)
                }
                state.observed[model]?.value = value
                state.observed[model]?.rows = rows
                delivery.append((model, value))
            }
            guard !delivery.isEmpty else { return }
            state.deliveries += 1
            let number = state.deliveries
            let values = delivery
            ledger.pending.add(1, ordering: .relaxed)
            // Always queued, never run in place: a write made on the main
            // thread runs on it inside the database queue, where a screen's
            // handler could not read the store.
            mainQueue.enqueue { [self] in deliver(values, number: number) }
        }
    }

    func databaseDidRollback(_ db: Database) {
        state.withLock { $0.changed = [] }
    }

    // MARK: Delivery, on the main thread

    private func deliver(_ delivery: [(model: ModelRef, value: ObservedValue?)], number: Int) {
        for (model, value) in delivery {
            let screens = state.withLock { $0.observed[model]?.screens ?? [] }
            for screen in screens { screen.receive(value, delivery: number) }
        }
        ledger.pending.subtract(1, ordering: .releasing)
    }
}

/// What the observer has fetched and not yet delivered on the main thread
/// (what `settle()` waits for), what screens heard, and how many observe.
final class ObservationLedger: Sendable {
    let pending = Atomic<Int>(0)
    let delivered = Atomic<Int>(0)
    let running = Atomic<Int>(0)
}

extension ModelRef {
    /// The model a row of the store's tables holds, if it is a model table's.
    init?(table: String, rowID: Int64) {
        let id = Int(rowID)
        switch table {
        case "user": self = .user(UserID(id))
        case "tag": self = .tag(TagID(id))
        case "note": self = .note(NoteID(id))
        case "message": self = .message(MessageID(id))
        default: return nil
        }
    }
}
