import Foundation

// JSON for payloads. A key that is missing decodes as `.absent`; for an
// optional field an explicit `null` decodes as `.present(nil)`; for a required
// field `null` is an error.

extension ModelID: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            self.init(try container.decode(Int.self))
        } catch let error where DecodingError.lacksPlace(error) {
            throw DecodingError.placed(error, at: container.codingPath, expected: "a whole-number id")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension KeyedDecodingContainer {
    /// A field that may be absent but, when present, is never null.
    func decodeField<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Field<T> {
        guard contains(key) else { return .absent }
        return .present(try decodeLocated(type, forKey: key))
    }

    /// A field that may be absent, null, or a value.
    func decodeNullableField<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Field<T?> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .present(nil) }
        return .present(try decodeLocated(type, forKey: key))
    }

    /// Decodes a value, naming the field when Foundation's error does not:
    /// a number that does not fit the field's type (`1.5` or `1e40` for an
    /// `Int`) surfaces as "not valid JSON", with no path.
    func decodeLocated<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        do {
            return try decode(type, forKey: key)
        } catch let error where DecodingError.lacksPlace(error) {
            throw DecodingError.placed(error, at: codingPath + [key], expected: "a valid \(T.self)")
        }
    }
}

extension DecodingError {
    /// Whether `error` would reach the caller without saying where it happened:
    /// Foundation's own parser errors, or a data error with an empty path.
    static func lacksPlace(_ error: any Error) -> Bool {
        guard let error = error as? DecodingError else { return true }
        if case .dataCorrupted(let context) = error { return context.codingPath.isEmpty }
        return false
    }

    /// `error`, moved to the place it happened.
    static func placed(_ error: any Error, at path: [any CodingKey], expected: String) -> DecodingError {
        .dataCorrupted(Context(codingPath: path, debugDescription: "expected \(expected)", underlyingError: error))
    }
}

extension KeyedEncodingContainer {
    mutating func encodeField<T: Encodable>(_ field: Field<T>, forKey key: Key) throws {
        if case .present(let value) = field { try encode(value, forKey: key) }
    }

    mutating func encodeNullableField<T: Encodable>(_ field: Field<T?>, forKey key: Key) throws {
        guard case .present(let value) = field else { return }
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

extension PayloadBatch: Codable {
    private enum CodingKeys: String, CodingKey {
        case users, tags, notes, messages
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            users: try container.decodeIfPresent([UserPayload].self, forKey: .users) ?? [],
            tags: try container.decodeIfPresent([TagPayload].self, forKey: .tags) ?? [],
            notes: try container.decodeIfPresent([NotePayload].self, forKey: .notes) ?? [],
            messages: try container.decodeIfPresent([MessagePayload].self, forKey: .messages) ?? []
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !users.isEmpty { try container.encode(users, forKey: .users) }
        if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
        if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
        if !messages.isEmpty { try container.encode(messages, forKey: .messages) }
    }
}

extension PayloadBatch {
    /// Decodes a server response.
    ///
    /// - Throws: `PayloadDecodingError`, one line naming where the JSON is
    ///   wrong (for example `users[3].name: expected String, found null`).
    public init(json: Data) throws(PayloadDecodingError) {
        do {
            self = try JSONDecoder().decode(PayloadBatch.self, from: json)
        } catch let error as DecodingError {
            throw PayloadDecodingError(error)
        } catch {
            throw PayloadDecodingError(reason: "malformed JSON: \(error)")
        }
    }

    /// The batch as JSON with sorted keys, so one batch always gives the same bytes.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(self)
        } catch {
            // Every payload type encodes only strings, numbers and booleans.
            preconditionFailure("a payload batch failed to encode: \(error)")
        }
    }
}

/// A server response that is not a valid payload batch.
public struct PayloadDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line: where the JSON is wrong and how.
    public let reason: String

    public init(reason: String) {
        self.reason = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    init(_ error: DecodingError) {
        func location(_ fullPath: [any CodingKey]) -> String {
            guard !fullPath.isEmpty else { return "top level" }
            // A path through a deep reply chain keeps its start and its end.
            let elided = fullPath.count > 12
            let path = elided ? Array(fullPath.prefix(4)) + Array(fullPath.suffix(6)) : fullPath
            return path.enumerated().reduce(into: "") { text, element in
                let (position, key) = element
                if elided && position == 4 { text += "…" }
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(reason: "\(location(context.codingPath)): missing required key '\(key.stringValue)'")
        case .valueNotFound(let type, let context):
            self.init(reason: "\(location(context.codingPath)): expected \(type), found null")
        case .typeMismatch(let type, let context):
            self.init(reason: "\(location(context.codingPath)): expected \(type)")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let underlying = context.underlyingError.map { ": \($0.localizedDescription)" } ?? ""
            self.init(reason: "malformed JSON: \(context.debugDescription)\(underlying)")
        case .dataCorrupted(let context):
            self.init(reason: "\(location(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            self.init(reason: "malformed payload: \(error)")
        }
    }

    public var description: String { reason }
}
