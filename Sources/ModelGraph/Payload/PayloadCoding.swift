import Foundation

// JSON for payloads. A key that is missing decodes as `.absent`; for an
// optional field an explicit `null` decodes as `.present(nil)`; for a required
// field `null` is an error.

extension ModelID: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Int.self))
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
        return .present(try decode(type, forKey: key))
    }

    /// A field that may be absent, null, or a value.
    func decodeNullableField<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Field<T?> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .present(nil) }
        return .present(try decode(type, forKey: key))
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
        func location(_ path: [any CodingKey]) -> String {
            guard !path.isEmpty else { return "top level" }
            return path.reduce(into: "") { text, key in
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
