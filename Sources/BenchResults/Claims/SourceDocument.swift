/// Where a claim was said, as a reader can find it: who, what, where and
/// when for a published text; repository and path for code.
///
/// The project checks each quote against its own copy of the text, a file
/// that is not part of this repository; `copy` names that file for the check
/// alone, and no report shows it.
public struct SourceDocument: Sendable, Hashable {
    public enum Location: Sendable, Hashable {
        /// A published text; `copy` is the file name of the copy the quote
        /// check reads (beside the checkout, in `shared/sources/`).
        case text(publication: String, date: String?, copy: String)
        /// A file of a public repository: "owner/name" and its path.
        case code(repository: String, path: String)
    }

    /// Who wrote it: a person, or the organisation that published it.
    public let author: String
    public let title: String
    public let location: Location
    /// What a reader should know of the copy quoted: "read in a Chinese
    /// translation". Nil when the quote is from the original.
    public let note: String?

    public init(author: String, title: String, location: Location, note: String? = nil) {
        self.author = author
        self.title = title
        self.location = location
        self.note = note
    }

    /// The file name of the copy a quote check reads; nil for code.
    public var copy: String? {
        if case .text(_, _, let copy) = location { return copy }
        return nil
    }

    /// "Brent Simmons, “Immutable Model Objects”, inessential.com, 2014-03-20":
    /// what a reader searches for, never a path of this machine.
    public var citation: String {
        var parts = [author, "“\(title)”"]
        switch location {
        case .text(let publication, let date, _):
            parts.append(publication)
            if let date { parts.append(date) }
        case .code(let repository, let path):
            parts.append("\(repository), \(path)")
        }
        var text = parts.joined(separator: ", ")
        if let note { text += " (\(note))" }
        return text
    }
}
