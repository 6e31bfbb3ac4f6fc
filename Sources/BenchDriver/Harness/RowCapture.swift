import StoreInterface

/// A row sink that keeps every field in order, to check what a row shows:
/// equal captures mean equal rows, field for field.
struct RowCapture: RowSink, Equatable {
    enum Field: Equatable {
        case text(String)
        case number(Int64)
        case flag(Bool)
    }

    private(set) var fields: [Field] = []

    /// The text fields, in order (a note row: title, author name, tag names).
    var texts: [String] {
        fields.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    mutating func text(_ value: String) { fields.append(.text(value)) }
    mutating func number(_ value: Int64) { fields.append(.number(value)) }
    mutating func flag(_ value: Bool) { fields.append(.flag(value)) }

    mutating func removeAll() { fields.removeAll(keepingCapacity: true) }
}
