/// Bounds a decoded server response must keep.
///
/// A client trusts its server's format, not its sizes: a 100 MB note title
/// or a reply chain thousands deep is a broken or hostile response, and
/// decoding refuses it with a `PayloadDecodingError` naming the field instead
/// of storing it (or recursing until the stack runs out).
enum PayloadLimits {
    /// The longest string field, in UTF-8 bytes (1 MiB).
    static let maximumStringBytes = 1 << 20
    /// The deepest chain of embedded replies below a message in one payload.
    static let maximumReplyDepth = 64
}

extension KeyedDecodingContainer {
    /// A string field that may be absent, checked against the size limit.
    func decodeField(_ type: String.Type, forKey key: Key) throws -> Field<String> {
        guard contains(key) else { return .absent }
        return .present(try decodeBoundedString(forKey: key))
    }

    /// A string field that may be absent or null, checked against the size limit.
    func decodeNullableField(_ type: String.Type, forKey key: Key) throws -> Field<String?> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .present(nil) }
        return .present(try decodeBoundedString(forKey: key))
    }

    private func decodeBoundedString(forKey key: Key) throws -> String {
        let value = try decode(String.self, forKey: key)
        let bytes = value.utf8.count
        guard bytes <= PayloadLimits.maximumStringBytes else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription:
                    "string of \(bytes) bytes is longer than the limit of \(PayloadLimits.maximumStringBytes)")
        }
        return value
    }
}

extension Decoder {
    /// Throws when this message payload sits more than
    /// `PayloadLimits.maximumReplyDepth` replies below its thread's root.
    func checkReplyDepth() throws {
        // Each embedded reply adds two keys to the path: "replies" and its index.
        let depth = codingPath.lazy.filter { $0.stringValue == "replies" }.count
        guard depth <= PayloadLimits.maximumReplyDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "replies nested deeper than \(PayloadLimits.maximumReplyDepth) levels"))
        }
    }
}
