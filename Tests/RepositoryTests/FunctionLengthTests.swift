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

    @Test("a declaration is its attributes and modifiers, then func, init, subscript or deinit")
    func declarationsAreRecognized() {
        for line in [
            "func f()", "  @inlinable public static func f<T>()", "@available(*, deprecated) init?(x: Int)",
            "\tprivate(set) subscript(i: Int) -> Int {", "deinit {", "@MainActor\tfinal class func f()",
        ] {
            #expect(Self.declaresFunction(line), "\(line)")
        }
        for line in [
            "let function = 1", "functional()", "private(set) var x = 0", "@inlinable", "// func f()", "case init",
        ] {
            #expect(!Self.declaresFunction(line), "\(line)")
        }
    }

    /// Each function-like declaration's first line (1-based) and length.
    static func functions(in text: String) -> [(line: Int, lines: Int)] {
        let lines = Self.code(text)
        var found: [(line: Int, lines: Int)] = []
        for (index, line) in lines.enumerated() where Self.declaresFunction(line) {
            var depth = 0, opened = false
            scan: for (offset, code) in lines[index...].enumerated() {
                for character in code {
                    if character == "{" {
                        depth += 1
                        opened = true
                    }
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

    static let modifiers: Set<Substring> = [
        "public", "private", "fileprivate", "internal", "package", "static", "class", "final", "override",
        "mutating", "nonmutating", "open", "consuming", "borrowing", "nonisolated",
    ]
    static let keywords: Set<Substring> = ["func", "init", "subscript", "deinit"]

    /// Whether a line opens a function, initializer, subscript or deinit:
    /// attributes and modifiers, then the keyword. A plain token scan, so the
    /// test needs no regex runtime (whose cached programs LeakSanitizer
    /// reports as leaks).
    static func declaresFunction(_ line: String) -> Bool {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        while let first = rest.first {
            if first == "@" {
                rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
                if rest.first == "(" { rest = rest.drop { $0 != ")" }.dropFirst() }
            } else {
                let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if word.isEmpty { return false }
                rest = rest.dropFirst(word.count)
                if keywords.contains(word) {
                    return rest.first.map { !$0.isLetter && !$0.isNumber && $0 != "_" } ?? true
                }
                guard modifiers.contains(word) else { return false }
                if rest.hasPrefix("(set)") { rest = rest.dropFirst(5) }
            }
            let spaced = rest.drop { $0 == " " || $0 == "\t" }
            if spaced.count == rest.count { return false }
            rest = spaced
        }
        return false
    }

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
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                    continue
                }
                if character == "/" && previous == "/" {
                    code.removeLast()
                    break
                }
                if character == "\"" {
                    inString = true
                    previous = character
                    continue
                }
                code.append(character)
                previous = character
            }
            return code
        }
    }
}
