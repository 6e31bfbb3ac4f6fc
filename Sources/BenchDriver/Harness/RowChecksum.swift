import StoreInterface

/// A row sink that folds every displayed field into a number, as cheaply as
/// a cell setting its labels, so the optimizer cannot skip the reads.
public struct RowChecksum: RowSink {
    public private(set) var value = 0
    public private(set) var fields = 0

    public init() {}

    public mutating func text(_ text: String) {
        value &+= text.utf8.count
        fields &+= 1
    }

    public mutating func number(_ number: Int64) {
        value &+= Int(truncatingIfNeeded: number)
        fields &+= 1
    }

    public mutating func flag(_ flag: Bool) {
        value &+= flag ? 1 : 0
        fields &+= 1
    }
}
