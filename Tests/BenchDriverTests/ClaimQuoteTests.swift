@testable import BenchDriver
import BenchResults
import Foundation
import Testing

/// Every claim quotes its source word for word: each part of a quote
/// (parts are joined by " … " where the quote leaves text out) is in the
/// source file, `../shared/sources/` beside the checkout.
@Suite("Claims quote their sources")
struct ClaimQuoteTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/sources")

    @Test("each quote from ../shared/sources is in its file, word for word")
    func quotesAreVerbatim() throws {
        let local = SourceClaim.all.filter { !$0.file.contains("/") }
        #expect(local.count >= 9)
        for claim in local {
            let url = Self.sources.appendingPathComponent(claim.file)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("\(claim.source): cannot read \(url.path); the sources are checked out beside the project")
                continue
            }
            for part in claim.quote.components(separatedBy: " … ") {
                #expect(text.contains(part), "\(claim.source) (\(claim.file)): not in the source: \(part)")
            }
        }
    }

    @Test("a quote changed by a word is caught")
    func aChangedQuoteIsCaught() throws {
        let claim = try #require(SourceClaim.all.first { $0.file == SourceClaim.vesper })
        let text = try String(contentsOf: Self.sources.appendingPathComponent(claim.file), encoding: .utf8)
        #expect(!text.contains(claim.quote.replacingOccurrences(of: "barely", with: "hardly")))
    }
}
