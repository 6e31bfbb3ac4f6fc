import Foundation
import Testing

/// What the repository promises a newcomer, checked: a short README whose
/// commands come first, and no history (commit hashes) in the README or in
/// the comments of the sources; history belongs in commit messages.
@Suite("The repository")
struct RepositoryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the README has at most 250 lines, and its two commands in the first 40")
    func readmeIsShort() throws {
        let lines = try Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 250)
        let opening = lines.prefix(40).joined(separator: "\n")
        #expect(opening.contains("scripts/test"))
        #expect(opening.contains("scripts/bench"))
    }

    @Test("no commit of this history is named in the README or in a comment under Sources/")
    func noCommitHashes() throws {
        var places: [(file: String, text: String)] = [("README.md", try Self.read("README.md"))]
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") || file.hasSuffix(".c") || file.hasSuffix(".h") {
            let text = try Self.read("Sources/" + file)
            let comments = text.split(separator: "\n").filter { $0.contains("//") }.joined(separator: "\n")
            places.append(("Sources/" + file, comments))
        }
        var found: [String] = []
        for place in places {
            for candidate in Self.hashLike(place.text) where Self.isCommit(candidate) {
                found.append("\(place.file): \(candidate)")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("the commit check finds a commit of this history, and nothing in text without one")
    func commitCheckWorks() throws {
        // The whole hash: a short one may be all digits, which no check
        // takes for a commit.
        let head = try #require(Self.git(["rev-parse", "HEAD"]))
        #expect(Self.hashLike("as measured on \(head), twice").filter(Self.isCommit) == [head])
        #expect(Self.hashLike("0x5EED, a seed; deadbeef").filter(Self.isCommit).isEmpty)
    }

    /// Words of 7 to 40 lowercase hexadecimal digits with a digit and a letter.
    static func hashLike(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init).filter { word in
            (7...40).contains(word.count) && word.allSatisfy { $0.isHexDigit && !$0.isUppercase }
                && word.contains(where: \.isNumber) && word.contains(where: \.isLetter)
        }
    }

    static func isCommit(_ word: String) -> Bool {
        git(["rev-parse", "--verify", "--quiet", "\(word)^{commit}"]) != nil
    }

    static func git(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
