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
}
