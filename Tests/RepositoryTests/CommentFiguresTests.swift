import Foundation
import Testing

/// A comment says why; the measurement that settled a choice lives in
/// docs/CONSTANTS.md, cited by its heading, where it is kept current once.
@Suite("Figures in comments")
struct CommentFiguresTests {
    @Test("no comment in the code tells of a measurement: a figure beside a word of measuring")
    func noMeasurementsInComments() throws {
        var found: [String] = []
        for path in try Self.codeFiles() {
            let text = try RepositoryTests.read(path)
            found += Self.measurements(in: text).map { "\(path):\($0.line): \($0.sentence)" }
        }
        #expect(found.isEmpty, "move these to docs/CONSTANTS.md and cite it: \(found)")
    }

    @Test("the check finds a measurement, and leaves quoted examples and stated values alone")
    func checkCanFail() {
        let text = """
            /// Counted on a fresh arena, a region moved by up to 9% before.
            let a = 1
            /// A duration: "412 s", or `1 h 3 min`.
            let b = 2
            /// The gate's tolerance is 5%, the least regression it must catch.
            let c = 3
            // On one host the p90 moved +180% and passed on the next.
            let x = 1 // cost 33 ns per operation
            """
        let found = Self.measurements(in: text)
        #expect(found.map(\.line) == [1, 7, 8], "\(found)")
    }

    @Test("every heading of docs/CONSTANTS.md a comment cites exists")
    func citationsExist() throws {
        let headings = Set(
            try RepositoryTests.read("docs/CONSTANTS.md").split(separator: "\n")
                .filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) })
        var missing: [String] = []
        var cited = 0
        for path in try Self.codeFiles() {
            let comments = Self.comments(in: try RepositoryTests.read(path)).map(\.text).joined(separator: " ")
            for part in comments.components(separatedBy: "docs/CONSTANTS.md, ").dropFirst() {
                let heading = String(part.prefix { $0 != ")" })
                cited += 1
                if !headings.contains(heading) { missing.append("\(path): \(heading)") }
            }
        }
        #expect(cited > 0)
        #expect(missing.isEmpty, "\(missing)")
    }

    /// Swift and C sources under Sources/, Package.swift, and the
    /// micro-benchmarks' sources.
    static func codeFiles() throws -> [String] {
        var paths = ["Package.swift"]
        for folder in ["Sources", "Benchmarks/Benchmarks"] {
            let files =
                FileManager.default.enumerator(atPath: RepositoryTests.root.appendingPathComponent(folder).path)?
                .compactMap { $0 as? String } ?? []
            paths += files.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".h") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths
    }

    /// A figure: a number with a unit of time, a percentage, a factor or a
    /// count of instructions, a number going to another, or "n of m".
    static let figure =
        #"(?<![\w.])\d[\d,]*(\.\d+)?\s?(%|ns|µs|ms|s|seconds|minutes|min|times|×|x|K|instructions)(?!\w)"#
        + #"|(?<![\w.])\d[\d,]*\s?->\s?\d|\b\d+ of \d+\b"#
    /// A word that tells of something measured.
    static let measuring =
        #"\b(measured|moved|took|ran|slower|faster|cost|costs|counted|spent|differed|flaked|regressed|went)\b"#

    /// Sentences of comments holding both a figure and a word of measuring,
    /// quoted and code-spanned examples left out, with the line their
    /// comment starts on.
    static func measurements(in text: String) -> [(line: Int, sentence: String)] {
        comments(in: text).flatMap { comment in
            let prose = comment.text
                .replacingOccurrences(of: #""[^"]*"|“[^”]*”|`[^`]*`"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"([.;:])\s"#, with: "$1\n", options: .regularExpression)
            return prose.split(separator: "\n").map(String.init)
                .filter { has(figure, $0) && has(measuring, $0) }
                .map { (comment.line, $0) }
        }
    }

    static func has(_ pattern: String, _ text: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    /// Each run of comment lines (`//`, `///` or a C block's `*`) as one
    /// text, and a trailing comment on a line of code on its own.
    static func comments(in text: String) -> [(line: Int, text: String)] {
        var found: [(line: Int, text: String)] = []
        var run: [String] = []
        var start = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let body = ["///", "//", "* "].first(where: { trimmed.hasPrefix($0) }).map({
                trimmed.dropFirst($0.count)
            }) {
                if run.isEmpty { start = index + 1 }
                run.append(body.trimmingCharacters(in: .whitespaces))
                continue
            }
            if !run.isEmpty { found.append((start, run.joined(separator: " "))) }
            run = []
            if let range = line.range(of: " // ") { found.append((index + 1, String(line[range.upperBound...]))) }
        }
        if !run.isEmpty { found.append((start, run.joined(separator: " "))) }
        return found
    }
}
