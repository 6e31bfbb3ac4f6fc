import Foundation
import Testing

/// docs/CONCURRENCY.md lists every type whose `Sendable` conformance the
/// compiler does not check, with its reason: the list and the code agree.
@Suite("Unchecked Sendable")
struct UncheckedSendableTests {
    @Test("every unchecked Sendable type under Sources/ is listed in docs/CONCURRENCY.md, and every listed one exists")
    func listMatchesCode() throws {
        var declared: [String: String] = [:]
        for path in try CommentFiguresTests.codeFiles() where path.hasPrefix("Sources/") {
            for name in Self.uncheckedTypes(in: try RepositoryTests.read(path)) { declared[name] = path }
        }
        let listed = Self.listedTypes(in: try RepositoryTests.read("docs/CONCURRENCY.md"))
        #expect(!declared.isEmpty)
        let missing = declared.filter { listed[$0.key] != $0.value }.map { "\($0.key) in \($0.value)" }.sorted()
        let gone = listed.filter { declared[$0.key] == nil }.map(\.key).sorted()
        #expect(missing.isEmpty, "list these in docs/CONCURRENCY.md, with their files and reasons: \(missing)")
        #expect(gone.isEmpty, "docs/CONCURRENCY.md lists types no longer unchecked: \(gone)")
    }

    @Test("the check finds unchecked declarations and passes over comments and checked ones")
    func checkCanFail() {
        let code = """
            // `@unchecked Sendable` only so a store can hand them out.
            public final class Kept: @unchecked Sendable {
            final class Checked: Sendable {
            private struct Pointer<Sink>: ~Copyable, @unchecked Sendable {
            @Observable
            public final class Tracked: MainUser, UserFields, @unchecked Sendable {
            """
        #expect(Self.uncheckedTypes(in: code) == ["Kept", "Pointer", "Tracked"])
        let table = """
            | type | file | why |
            |---|---|---|
            | `Kept` | `Sources/A.swift` | a reason |
            """
        #expect(Self.listedTypes(in: table) == ["Kept": "Sources/A.swift"])
    }

    /// The names of the classes and structs declared `@unchecked Sendable`
    /// in `text`, outside comments.
    static func uncheckedTypes(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            let code = line.drop { $0 == " " }
            guard !code.hasPrefix("//"), code.contains("@unchecked Sendable"),
                let match = code.firstMatch(of: #/\b(?:class|struct|enum|actor)\s+(\w+)/#)
            else { return nil }
            return String(match.1)
        }
    }

    /// The table rows of docs/CONCURRENCY.md's "Unchecked" section: type
    /// name to file.
    static func listedTypes(in text: String) -> [String: String] {
        var listed: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let match = line.firstMatch(of: #/^\| `(\w+)` \| `(Sources/[^`]+)` \|/#) else { continue }
            listed[String(match.1)] = String(match.2)
        }
        return listed
    }
}
