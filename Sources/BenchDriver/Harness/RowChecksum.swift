import StoreInterface

/// A row sink that folds every displayed field into a number, as cheaply as
/// a cell setting its labels, so the optimizer cannot skip the reads.
@usableFromInline struct RowChecksum: RowSink {
    @usableFromInline private(set) var value = 0
    @usableFromInline private(set) var fields = 0

    @usableFromInline init() {}

    @usableFromInline mutating func text(_ text: String) {
        value &+= text.utf8.count
        fields &+= 1
    }

    @usableFromInline mutating func number(_ number: Int64) {
        value &+= Int(truncatingIfNeeded: number)
        fields &+= 1
    }

    @usableFromInline mutating func flag(_ flag: Bool) {
        value &+= flag ? 1 : 0
        fields &+= 1
    }
}
