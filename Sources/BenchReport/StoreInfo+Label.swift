import BenchResults

extension StoreInfo {
    /// The store's name as a table row names it: an upper bound and a
    /// library say what they are.
    var labelledName: String {
        if isUpperBound == true { return "\(name) (upper bound)" }
        if isLibrary == true { return "\(name) (a library)" }
        return name
    }
}
