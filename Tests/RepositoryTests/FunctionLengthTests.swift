import Foundation
import Testing

/// No function under Sources/ grows past what a reader takes in at once.
@Suite("Function length")
struct FunctionLengthTests {
    /// The longest a function may be, in lines from its declaration to its
    /// closing brace.
    static let limit = 80

    @Test("no function, initializer or subscript under Sources/ is longer than 80 lines")
    func noLongFunctions() throws {
        let sources = RepositoryTests.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        var long: [String] = []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let text = try RepositoryTests.read("Sources/" + file)
            for function in Self.functions(in: text) where function.lines > Self.limit {
                long.append("Sources/\(file):\(function.line) \(function.lines) lines")
            }
        }
        #expect(!files.isEmpty)
        #expect(long.isEmpty, "\(long)")
    }

    @Test("the measure counts a function to its closing brace, past braces in strings and comments")
    func measureCountsBraces() {
        let text = """
            struct S {
                func short() { print("}") }
                // func commented() {
                private static func long<T>(
                    _ value: T
                ) -> String {
                    let text = "{ not a block"
                    if true {
                        return text // }
                    }
                    return \"""
                        }
                        \"""
                }
            }
            """
        let found = Self.functions(in: text)
        #expect(found.map(\.line) == [2, 4])
        #expect(found.map(\.lines) == [1, 11])
    }

    /// Each function-like declaration's first line (1-based) and length.
    static func functions(in text: String) -> [(line: Int, lines: Int)] {
        let lines = Self.code(text)
        var found: [(line: Int, lines: Int)] = []
        for (index, line) in lines.enumerated() where line.firstMatch(of: Self.declaration) != nil {
            var depth = 0, opened = false
            scan: for (offset, code) in lines[index...].enumerated() {
                for character in code {
                    if character == "{" { depth += 1; opened = true }
                    if character == "}" { depth -= 1 }
                    if opened && depth == 0 {
                        found.append((index + 1, offset + 1))
                        break scan
                    }
                }
                // A protocol requirement: no body.
                if !opened && offset > 0 && code.trimmingCharacters(in: .whitespaces).isEmpty { break }
            }
        }
        return found
    }

    nonisolated(unsafe) static let declaration =
        /^\s*(@\w+(\([^)]*\))?\s+)*((public|private|fileprivate|internal|package|static|class|final|override|mutating|nonmutating|open|consuming|borrowing)(\(set\))?\s+)*(func|init|subscript|deinit)\b/

    /// The lines with string literals emptied and comments removed, so only
    /// the code's own braces are left.
    static func code(_ text: String) -> [String] {
        var inMultiline = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.contains("\"\"\"") {
                let opensAndCloses = line.components(separatedBy: "\"\"\"").count - 1 >= 2
                if !opensAndCloses { inMultiline.toggle() }
                return inMultiline ? String(line.prefix { $0 != "\"" }) : ""
            }
            if inMultiline { return "" }
            var code = "", inString = false, escaped = false
            var previous: Character = " "
            for character in line {
                if inString {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                    continue
                }
                if character == "/" && previous == "/" { code.removeLast(); break }
                if character == "\"" { inString = true; previous = character; continue }
                code.append(character)
                previous = character
            }
            return code
        }
    }
}
