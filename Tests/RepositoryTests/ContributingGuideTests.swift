import Foundation
import Testing

/// docs/CONTRIBUTING.md's end-to-end walks name files, scripts and
/// declarations a contributor will look for; each must still exist, so the
/// guide cannot drift from the code unnoticed.
@Suite("The contributing guide")
struct ContributingGuideTests {
    @Test("every path, script and declaration the end-to-end walks name exists")
    func walksNameWhatExists() throws {
        let guide = try RepositoryTests.read("docs/CONTRIBUTING.md")
        let walks = Self.endToEndSections(of: guide)
        #expect(walks.count == 3, "a store, a scenario and a claim, end to end")
        let missing = Self.missingNames(in: walks.joined(separator: "\n"), declarations: try Self.declarations())
        #expect(missing.isEmpty, "docs/CONTRIBUTING.md names what does not exist: \(missing)")
    }

    @Test("the check finds a path, a script and a declaration that do not exist")
    func checkCanFail() throws {
        let text =
            "Edit `Sources/Nowhere/Missing.swift`, run `scripts/unheard-of`, conform to `NoSuchProtocol`, "
            + "call `StoreCatalog.noSuchMember`; `Package.swift` and `StoreCatalog.visitAll` exist."
        let missing = Self.missingNames(in: text, declarations: try Self.declarations())
        #expect(
            missing == [
                "Sources/Nowhere/Missing.swift", "scripts/unheard-of", "NoSuchProtocol",
                "StoreCatalog.noSuchMember",
            ])
    }

    /// The sections whose heading ends "end to end", fenced blocks removed.
    static func endToEndSections(of guide: String) -> [String] {
        let unfenced = guide.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }
            .map(\.element).joined()
        return unfenced.components(separatedBy: "\n## ").dropFirst()
            .filter { $0.prefix { $0 != "\n" }.hasSuffix("end to end") }
    }

    /// The inline code spans of `text` that name a file, a script or a
    /// declaration that does not exist, in order. Spans with a placeholder,
    /// a call, an argument or a path outside the repository are commands or
    /// patterns, not names, and are left alone.
    static func missingNames(in text: String, declarations: String) -> [String] {
        let spans = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        return spans.filter { span in
            guard !span.isEmpty, !span.contains(where: { " <>()[]=*$@".contains($0) }), !span.hasPrefix("..") else {
                return false
            }
            if span.contains("/") || span.hasSuffix(".swift") || span.hasSuffix(".md") {
                return !exists(span)
            }
            guard !span.hasPrefix(".") else { return false }
            let parts = span.split(separator: ".").map(String.init)
            guard parts.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber } }) else { return false }
            return !parts.allSatisfy { isDeclared($0, in: declarations) }
        }
    }

    /// A path from the repository's root, or a file name found under it.
    static func exists(_ path: String) -> Bool {
        let root = RepositoryTests.root
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if FileManager.default.fileExists(atPath: root.appendingPathComponent(trimmed).path) { return true }
        guard !trimmed.contains("/") else { return false }
        let files = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)
        return files?.contains {
            ($0 as? String).map { URL(fileURLWithPath: $0).lastPathComponent == trimmed } ?? false
        }
            ?? false
    }

    static func isDeclared(_ name: String, in declarations: String) -> Bool {
        let kinds = [
            "struct", "class", "enum", "protocol", "actor", "typealias", "extension", "func", "var", "let",
            "case",
        ]
        return kinds.contains { kind in
            [" ", ":", "<", "(", "\n"].contains { declarations.contains("\(kind) \(name)\($0)") }
        }
    }

    /// Every Swift file under Sources/ and Tests/, and Package.swift, as one text.
    static func declarations() throws -> String {
        var text = try RepositoryTests.read("Package.swift")
        for folder in ["Sources", "Tests"] {
            let files =
                FileManager.default.enumerator(atPath: RepositoryTests.root.appendingPathComponent(folder).path)?
                .compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                text += "\n" + (try RepositoryTests.read("\(folder)/\(file)"))
            }
        }
        return text
    }
}
