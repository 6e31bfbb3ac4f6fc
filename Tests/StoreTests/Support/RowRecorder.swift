import ModelGraph
import StoreInterface

/// One field a row displayed.
enum RowField: Hashable, CustomStringConvertible {
    case text(String)
    case number(Int64)
    case flag(Bool)

    var description: String {
        switch self {
        case .text(let value): "\"\(value)\""
        case .number(let value): "\(value)"
        case .flag(let value): "\(value)"
        }
    }
}

/// A sink that keeps every field, to compare rows in tests.
struct RowRecorder: RowSink {
    var fields: [RowField] = []

    mutating func text(_ value: String) { fields.append(.text(value)) }
    mutating func number(_ value: Int64) { fields.append(.number(value)) }
    mutating func flag(_ value: Bool) { fields.append(.flag(value)) }

    var texts: [String] {
        fields.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }
}

/// The row `RowLayout` gives for a value: what every store must display.
enum ExpectedRow {
    static func of(_ note: Note) -> [RowField] {
        var recorder = RowRecorder()
        RowLayout.display(note, into: &recorder)
        return recorder.fields
    }

    static func of(_ message: Message) -> [RowField] {
        var recorder = RowRecorder()
        RowLayout.display(message, into: &recorder)
        return recorder.fields
    }

    static func of(_ user: User) -> [RowField] {
        var recorder = RowRecorder()
        RowLayout.display(user, into: &recorder)
        return recorder.fields
    }
}

extension ModelStore {
    func row(ofNote handle: NoteHandle) -> [RowField] {
        var recorder = RowRecorder()
        display(handle, into: &recorder)
        return recorder.fields
    }

    func row(ofMessage handle: MessageHandle) -> [RowField] {
        var recorder = RowRecorder()
        display(handle, into: &recorder)
        return recorder.fields
    }

    func row(ofUser handle: UserHandle) -> [RowField] {
        var recorder = RowRecorder()
        display(handle, into: &recorder)
        return recorder.fields
    }
}
