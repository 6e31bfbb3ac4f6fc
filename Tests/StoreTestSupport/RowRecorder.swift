import StoreInterface

@testable import ModelGraph

/// One field a row displayed.
package enum RowField: Hashable, Sendable, CustomStringConvertible {
    case text(String)
    case number(Int64)
    case flag(Bool)

    package var description: String {
        switch self {
        case .text(let value): "\"\(value)\""
        case .number(let value): "\(value)"
        case .flag(let value): "\(value)"
        }
    }
}

/// A sink that keeps every field, to compare rows in tests.
package struct RowRecorder: RowSink {
    package var fields: [RowField] = []

    package init() {}

    package mutating func text(_ value: String) { fields.append(.text(value)) }
    package mutating func number(_ value: Int64) { fields.append(.number(value)) }
    package mutating func flag(_ value: Bool) { fields.append(.flag(value)) }

    package var texts: [String] {
        fields.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }
}

/// The row `RowLayout` gives for a value: what every store must display.
package enum ExpectedRow {
    package static func of(_ note: Note) -> [RowField] {
        var recorder = RowRecorder()
        RowLayout.display(note, into: &recorder)
        return recorder.fields
    }

    package static func of(_ message: Message) -> [RowField] {
        var recorder = RowRecorder()
        RowLayout.display(message, into: &recorder)
        return recorder.fields
    }

    package static func of(_ user: User) -> [RowField] {
        var recorder = RowRecorder()
        RowLayout.display(user, into: &recorder)
        return recorder.fields
    }

    package static func of(_ tag: Tag) -> [RowField] {
        var recorder = RowRecorder()
        RowLayout.display(tag, into: &recorder)
        return recorder.fields
    }
}

extension ModelStore {
    package func row(ofNote handle: NoteHandle) -> [RowField] {
        var recorder = RowRecorder()
        display(handle, into: &recorder)
        return recorder.fields
    }

    package func row(ofMessage handle: MessageHandle) -> [RowField] {
        var recorder = RowRecorder()
        display(handle, into: &recorder)
        return recorder.fields
    }

    package func row(ofUser handle: UserHandle) -> [RowField] {
        var recorder = RowRecorder()
        display(handle, into: &recorder)
        return recorder.fields
    }

    package func row(ofTag handle: TagHandle) -> [RowField] {
        var recorder = RowRecorder()
        display(handle, into: &recorder)
        return recorder.fields
    }
}
