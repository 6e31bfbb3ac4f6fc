import BenchResults

// The documents this project grew from, cited as a reader finds them. Each
// text's `copy` is the file the quote check reads; dates are the documents'
// own where they give one.

extension SourceDocument {
    static let pinterest = SourceDocument(
        author: "Wendy Lu", title: "Immutable models and data consistency in our iOS App",
        location: .text(publication: "Pinterest Engineering blog", date: "2016", copy: "000_3dabd76cacffde0e.txt"),
        note: "quoted from the English original kept in xitu/gold-miner's translation")
    static let vesper = SourceDocument(
        author: "Brent Simmons", title: "Immutable Model Objects",
        location: .text(publication: "inessential.com", date: "2014-03-20", copy: "001_ea1ca0eb1f253dea.txt"))
    static let rocketData = SourceDocument(
        author: "LinkedIn", title: "Models",
        location: .text(publication: "Rocket Data documentation", date: nil, copy: "002_f0ddfe1b5f0a6d11.txt"))
    static let krush = SourceDocument(
        author: "Teehan+Lax", title: "Krush iOS Architecture",
        location: .text(publication: "teehanlax.com", date: nil, copy: "003_be21605c4e773cbb.txt"),
        note: "quoted from a Chinese translation")
    static let gitHawk = SourceDocument(
        author: "Ryan Nystrom", title: "Immutable Model Mutability",
        location: .text(publication: "his blog, on GitHawk's models", date: nil, copy: "004_7073df43958910c8.txt"))
    static let rocketDataPerformanceTests = SourceDocument(
        author: "LinkedIn", title: "PerformanceTests.swift",
        location: .code(
            repository: "plivesey/ConsistencyManager-iOS",
            path: "SampleApp/ConsistencyManagerDemoTests/PerformanceTests.swift"))
}
