import BenchResults

/// Why a scenario comes out as it does, in one sentence built from the
/// metrics that show the mechanism: weak side tables, copy cost,
/// notification fan-out, lock hold time.
enum Mechanism {
    static func sentence(for result: CaseResult, stores: [String]) -> String {
        let f = Figures(result: result, stores: stores)
        switch result.scenario {
        case "feed-read":
            return "Row cost: a held snapshot's row reads fields out of a value, a live object's row takes the object's "
                + "lock and follows references to its author and tags (\(f.both("row"))); held lookups, one lock and "
                + "one dictionary hit either way, cost \(f.both("lookup.held.p50"))."
        case "tag-rename":
            return "Copy cost of propagation: the snapshot store rebuilds every note that embeds the tag "
                + "(\(f.both("rename.rebuilt")) parents rebuilt, \(f.both("rename.mallocs")) mallocs per rename), "
                + "the uniquing store changes the one shared tag object in place."
        case "partial-merge":
            return "Merge cost per payload (\(f.both("merge.payload"))): a changed model becomes a new value and its "
                + "embedding parents are rebuilt in the snapshot store (\(f.both("merge.rebuilt")) rebuilt per batch, "
                + "\(f.both("merge.mallocs")) mallocs per batch), while the uniquing store writes fields in place; "
                + "equal payloads are skipped by both (\(f.both("merge.unchanged")) per batch)."
        case "child-propagation":
            if f.has("update.rebuilt") {
                return "Copy cost of propagation: one user update rebuilds each message that embeds the user in the "
                    + "snapshot store (\(f.both("update.rebuilt")) rebuilt, \(f.both("update.mallocs")) mallocs per "
                    + "update), while uniquing messages point at the one live user object."
            }
            return "Observing a held tree: \(f.both(result.headline)), the cost of registering with the notifier "
                + "and handing out what the store already holds."
        case "cascade-delete":
            return "Both remove \(f.both("delete.models")) models per delete; the difference is bookkeeping and "
                + "allocation, \(f.both("delete.mallocs")) mallocs per delete."
        case "background-sync":
            return "Lock hold time and writer throughput: the writer's batches complete \(f.both("writer.batch.p50")) "
                + "after they fall due (p50; a writer that cannot keep up with its rate piles up delay, at "
                + "\(f.both("writer.cpu")) CPU), while the main thread found its locks contended "
                + "\(f.both("main.contended")) of the time, waited \(f.both("main.lockwait")) in all, and drew "
                + "frames at p99 \(f.both("main.frame.p99"))."
        case "observer-fanout":
            return "Notification fan-out: every update calls each of its observers, \(f.both("update.per.observer")) "
                + "per observer; a snapshot observer is handed a new value, a uniquing observer the same object."
        case "churn":
            return "Weak side tables: lookups that miss build live objects and purges sweep dead weak entries "
                + "(\(f.both("materialized")) objects built, \(f.both("purged")) entries purged per round; "
                + "\(f.both("step.mallocs")) mallocs per step), where the snapshot store hands out values it holds."
        case "cold-load":
            return "Building the graph: \(f.both("merge.model")) and \(f.both("merge.model.mallocs")) mallocs per "
                + "model; the snapshot store builds each parent as a value embedding its children, the uniquing "
                + "store flat records that refer to children by id."
        case "memory":
            return "Representation: \(f.both("model")) per model at rest; a held model adds \(f.both("held")) (a live "
                + "object and its weak entry, or a retained value), and an update leaves \(f.both("update")) alive "
                + "in old versions that holders still reference."
        case "consistency":
            return "Stale reads: a snapshot holder shows the value it was last handed until its observer runs, a live "
                + "object has already changed (\(f.both("stale")) per million reads after a notification); torn "
                + "reads, \(f.both("torn")) per million, depend on how a row's fields are locked."
        default:
            return "Headline: \(f.both(result.headline))."
        }
    }

    /// A case's medians, by store, as words.
    private struct Figures {
        let result: CaseResult
        let stores: [String]

        func has(_ id: String) -> Bool {
            result.stores.first?.metric(id) != nil
        }

        /// "uniquing 416 µs vs snapshot 18,694 µs".
        func both(_ id: String) -> String {
            let parts = stores.compactMap { store -> String? in
                guard let series = result.store(store)?.metric(id) else { return nil }
                return "\(store) \(Self.quantity(series.median, unit: series.metric.unit))"
            }
            return parts.isEmpty ? "not measured" : parts.joined(separator: " vs ")
        }

        private static func quantity(_ value: Double, unit: String) -> String {
            switch unit {
            case "count", "per op", "per million": NumberFormat.value(value)
            case "%": NumberFormat.value(value) + "%"
            default: NumberFormat.value(value) + " " + unit
            }
        }
    }
}
