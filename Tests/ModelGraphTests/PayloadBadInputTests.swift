import Foundation
import Testing

@testable import ModelGraph

/// Server responses a client must refuse, tried one by one: each must throw
/// a one-line `PayloadDecodingError` that names the place, never crash and
/// never decode into something else.
@Suite("Payload JSON: bad input")
struct PayloadBadInputTests {
    static let limit = PayloadLimits.maximumStringBytes

    /// JSON documents and a phrase the error must contain.
    static let documents: [(name: String, json: String, mentions: String)] = [
        // Wrong types.
        ("id as a string", #"{"notes":[{"id":"seven"}]}"#, "notes[0].id"),
        ("id as a fraction", #"{"users":[{"id":1.5}]}"#, "users[0].id"),
        ("id past Int.max", #"{"users":[{"id":1e40}]}"#, "users[0].id"),
        ("name as a number", #"{"users":[{"id":1,"name":42}]}"#, "users[0].name: expected String"),
        ("required name as null", #"{"users":[{"id":1,"name":null}]}"#, "users[0].name"),
        (
            "flag as a string", #"{"messages":[{"id":1,"replies":[{"id":2,"isRead":"yes"}]}]}"#,
            "messages[0].replies[0].isRead"
        ),
        ("count as a string", #"{"users":[{"id":1,"followerCount":"many"}]}"#, "users[0].followerCount"),
        ("tags as an object", #"{"notes":[{"id":1,"tags":{"id":2}}]}"#, "notes[0].tags"),
        ("users as an object", #"{"users":{"id":1}}"#, "users"),
        ("top level as an array", "[1,2,3]", "top level"),
        ("top level as a string", #""users""#, "top level"),
        // Missing ids, at every level.
        ("user without id", #"{"users":[{"name":"x"}]}"#, "users[0]: missing required key 'id'"),
        (
            "embedded author without id", #"{"notes":[{"id":1,"author":{"name":"x"}}]}"#,
            "notes[0].author: missing required key 'id'"
        ),
        (
            "reply without id", #"{"messages":[{"id":1,"replies":[{"text":"x"}]}]}"#,
            "messages[0].replies[0]: missing required key 'id'"
        ),
        ("null id", #"{"tags":[{"id":null}]}"#, "tags[0].id"),
        // Not JSON.
        ("empty document", "", "malformed JSON"),
        ("truncated document", #"{"users":[{"id":1,"#, "malformed JSON"),
        ("trailing garbage", #"{"users":[]} x"#, "malformed JSON"),
        ("arrays nested 100000 deep", String(repeating: "[", count: 100_000), "malformed JSON"),
        (
            "objects nested 10000 deep under a user",
            #"{"users":[{"id":1,"extra":"# + String(repeating: #"{"a":"#, count: 10_000) + "1"
                + String(repeating: "}", count: 10_000) + "}]}", "malformed JSON"
        ),
        // Too big.
        (
            "a 2 MiB name", #"{"users":[{"id":1,"name":""# + String(repeating: "x", count: 2 << 20) + #""}]}"#,
            "users[0].name: string of 2097152 bytes is longer than the limit of 1048576"
        ),
        (
            "a nullable bio one byte over the limit",
            #"{"users":[{"id":1,"bio":""# + String(repeating: "é", count: limit / 2) + #"x"}]}"#,
            "users[0].bio: string of 1048577 bytes"
        ),
        ("replies nested 65 deep", nestedReplies(depth: 65), "replies nested deeper than 64 levels"),
    ]

    @Test("refused with one line naming the place", arguments: documents)
    func refused(name: String, json: String, mentions: String) {
        do {
            let batch = try PayloadBatch(json: Data(json.utf8))
            Issue.record("\(name): decoded as \(batch.count) payloads")
        } catch {
            #expect(error.description.contains(mentions), "\(name): \(error.description)")
            #expect(!error.description.contains("\n"), "\(name)")
            #expect(error.description.count < 400, "\(name): \(error.description.count) characters")
        }
    }

    @Test(
        "invalid UTF-8, anywhere in a string, is refused",
        arguments: [[0xFF], [0xC3], [0xED, 0xA0, 0x80]] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        var json = Data(#"{"users":[{"id":1,"name":"ab"#.utf8)
        json.append(contentsOf: bytes)
        json.append(contentsOf: Data(#"cd"}]}"#.utf8))
        #expect(throws: PayloadDecodingError.self) { try PayloadBatch(json: json) }
    }

    @Test("the limits themselves are accepted, intact")
    func atTheLimits() throws {
        let name = String(repeating: "é", count: Self.limit / 2)
        let users = try PayloadBatch(json: Data(#"{"users":[{"id":1,"name":"\#(name)"}]}"#.utf8))
        #expect(users.users.first?.name == .present(name))

        let thread = try PayloadBatch(json: Data(Self.nestedReplies(depth: 64).utf8))
        var depth = 0
        var message = thread.messages.first
        while let reply = message?.replies.value?.first {
            depth += 1
            message = reply
        }
        #expect(depth == 64)
        #expect(message?.id == MessageID(65))
    }

    /// A thread whose root has a chain of `depth` replies, each the only reply of the one before.
    static func nestedReplies(depth: Int) -> String {
        var json = ""
        for level in 0...depth {
            json += #"{"id":\#(level + 1)"#
            if level < depth { json += #","replies":["# }
        }
        json += String(repeating: "}]", count: depth) + "}"
        return #"{"messages":["# + json + "]}"
    }
}
