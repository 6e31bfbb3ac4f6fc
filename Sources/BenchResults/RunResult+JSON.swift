import Foundation

extension RunResult {
    /// Pretty-printed JSON with sorted keys: the same result always gives
    /// the same bytes.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            var data = try encoder.encode(self)
            data.append(0x0A)
            return data
        } catch {
            preconditionFailure("results failed to encode: \(error)")
        }
    }

    /// Reads a results file (or a baseline), checking its schema version.
    public static func read(from url: URL) throws(OutputError) -> RunResult {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "unreadable" : "no such file"
            throw .unreadable(url.path, reason: reason)
        }
        return try decode(data, path: url.path)
    }

    public static func decode(_ data: Data, path: String) throws(OutputError) -> RunResult {
        struct VersionProbe: Decodable { var schemaVersion: Int? }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard !data.isEmpty else { throw .malformed(path, reason: "the file is empty") }
        let probe: VersionProbe
        do {
            probe = try decoder.decode(VersionProbe.self, from: data)
        } catch {
            throw .malformed(path, reason: "not valid JSON (truncated or corrupt?)")
        }
        guard let version = probe.schemaVersion else {
            throw .malformed(path, reason: "it has no schemaVersion")
        }
        guard readableSchemaVersions.contains(version) else {
            throw .unsupportedSchema(path, found: version, supported: currentSchemaVersion)
        }
        var result: RunResult
        do {
            // Rankings are made again, as this version's rules make them, once the figures are checked.
            result = try decoder.decode(RunResult.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(path, reason: Self.describe(error))
        } catch {
            throw .malformed(path, reason: "\(error)")
        }
        result.schemaVersion = currentSchemaVersion
        try result.validate(path: path)
        result.rankCases()
        return result
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)' at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "unexpected value at \(path(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }
}
