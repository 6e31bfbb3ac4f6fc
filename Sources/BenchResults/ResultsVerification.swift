import Foundation

/// That the published runs still describe code that has changed since they
/// were measured: on `checkedCommit`, whose code differs from
/// `measuredCommit`'s, a quick run counted what the baseline recorded with
/// them counted. Written by `bench check-results --record` beside the
/// published runs; a report rendered with it says so in its header.
public struct ResultsVerification: Hashable, Sendable, Codable {
    /// The commit the published runs and the baseline were measured on.
    public var measuredCommit: String
    /// The commit whose code reproduced their counts.
    public var checkedCommit: String
    /// How many counts were compared: instruction counts within the
    /// baseline's recorded spread, exact counts exactly.
    public var countsCompared: Int
    /// ISO 8601, UTC.
    public var date: String

    public init(measuredCommit: String, checkedCommit: String, countsCompared: Int, date: String) {
        self.measuredCommit = measuredCommit
        self.checkedCommit = checkedCommit
        self.countsCompared = countsCompared
        self.date = date
    }

    public static func read(from url: URL) throws(OutputError) -> ResultsVerification {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(url.path, reason: "cannot be read")
        }
        do {
            return try JSONDecoder().decode(ResultsVerification.self, from: data)
        } catch {
            throw .malformed(url.path, reason: "not a verification this bench writes")
        }
    }

    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Strings and an integer always encode.
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
