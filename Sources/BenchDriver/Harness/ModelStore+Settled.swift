import ModelGraph
import StoreInterface

extension ModelStore {
    /// A write, and the wait until its observers have run: the write's
    /// summary, with the handler calls delivered while settling counted in.
    /// On the main thread.
    func settled<Failure: Error>(_ write: () throws(Failure) -> ChangeSummary) throws(Failure) -> ChangeSummary {
        var summary = try write()
        summary.notifications += settle()
        return summary
    }

    /// Ends a round's set-up before anything is measured: observations a
    /// store registers on another thread (snapshot-listened) are in place,
    /// so none of that work runs during, or is counted in, a timed loop.
    /// On the main thread.
    func finishSetUp() {
        settle()
    }
}
