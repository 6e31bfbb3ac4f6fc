import BenchResults
import Foundation
import Testing

@testable import BenchDriver

/// Every claim quotes its document word for word: each part of a quote
/// (parts are joined by " … " where the quote leaves text out) is in the
/// project's copy of the document.
///
/// The copies are not in this repository: they sit beside the checkout, in
/// `../shared/sources/`, as they do in CI. A clone standing alone skips the
/// check against them and says so; `.ci/run` sets
/// `MODELSTOREBENCH_REQUIRE_SOURCES=1`, which makes their absence a failure.
@Suite("Claims quote their sources")
struct ClaimQuoteTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/sources")

    static var sourcesArePresent: Bool { FileManager.default.fileExists(atPath: sources.path) }
    static var sourcesAreRequired: Bool {
        ProcessInfo.processInfo.environment["MODELSTOREBENCH_REQUIRE_SOURCES"] == "1"
    }

    @Test(
        "each quote is in its document's copy, word for word",
        .enabled(
            if: sourcesArePresent || sourcesAreRequired,
            "not checked: the documents' copies are not beside this checkout (../shared/sources/); CI checks them"))
    func quotesAreVerbatim() throws {
        let quoted = SourceClaim.all.compactMap { claim in claim.document.copy.map { (claim, $0) } }
        #expect(quoted.count >= 9)
        for (claim, copy) in quoted {
            let url = Self.sources.appendingPathComponent(copy)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("\(claim.source): cannot read \(url.path), the copy of \(claim.document.citation)")
                continue
            }
            for part in claim.partsMissing(from: text) {
                Issue.record("\(claim.source) (\(copy)): not in the source: \(part)")
            }
        }
    }

    /// The checker itself, on texts made here: a quote is found in a text
    /// holding its parts, and a copy of it with one word changed is not.
    @Test("a quote changed by a word is caught", arguments: SourceClaim.all.indices)
    func aChangedQuoteIsCaught(_ index: Int) throws {
        let claim = SourceClaim.all[index]
        let document = "Text before. " + claim.quoteParts.joined(separator: " Text between. ") + " Text after."
        #expect(claim.partsMissing(from: document).isEmpty)

        let part = try #require(claim.quoteParts.first)
        let word = try #require(part.split(separator: " ").max { $0.count < $1.count }, "\(part)")
        let changed = part.replacingOccurrences(of: String(word), with: "otherwise")
        try #require(changed != part)
        let altered = SourceClaim(
            source: claim.source, system: claim.system, document: claim.document,
            quote: ([changed] + Array(claim.quoteParts.dropFirst())).joined(separator: " … "),
            measured: claim.measured, favours: claim.favours, tests: claim.tests)
        #expect(altered.partsMissing(from: document) == [changed])
    }
}
