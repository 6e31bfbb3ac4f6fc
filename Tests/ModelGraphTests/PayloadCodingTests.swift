import Foundation
import Testing

@testable import ModelGraph

@Suite("Payload JSON")
struct PayloadCodingTests {
    @Test("absent, null and present survive a round trip")
    func roundTrip() throws {
        let batch = PayloadBatch(
            users: [
                UserPayload(id: UserID(1), name: .present("Ada"), bio: .present(nil)),
                UserPayload(id: UserID(2), bio: .present("hello")),
            ],
            notes: [NotePayload(id: NoteID(3), title: .present("t"), tags: .present([TagPayload(id: TagID(4))]))],
            messages: [
                MessagePayload(
                    id: MessageID(5), editedAt: .present(nil),
                    replies: .present([MessagePayload(id: MessageID(6), text: .present("r"))]))
            ])
        let decoded = try PayloadBatch(json: batch.json())
        #expect(decoded == batch)
        #expect(decoded.users[0].bio == .present(nil))
        #expect(decoded.users[0].username == .absent)
        #expect(decoded.users[1].bio == .present("hello"))
    }

    @Test("a generated graph's JSON decodes to the same batch")
    func generatedRoundTrip() throws {
        let graph = try GeneratedGraph(shape: GeneratorTests.shape, seed: 8)
        #expect(try PayloadBatch(json: graph.fullBatch.json()) == graph.fullBatch)
    }

    @Test(
        "malformed payloads give one line naming the place",
        arguments: [
            (#"{"users":[{"id":1,"name":null}]}"#, "users[0].name"),
            (#"{"users":[{"name":"x"}]}"#, "missing required key 'id'"),
            (#"{"notes":[{"id":"seven"}]}"#, "notes[0].id"),
            (#"{"messages":[{"id":1,"replies":[{"id":2,"isRead":"yes"}]}]}"#, "messages[0].replies[0].isRead"),
            (#"{"users":[{"id":1,"#, "malformed JSON"),
            ("", "malformed JSON"),
            ("[1,2,3]", "top level"),
        ])
    func malformed(json: String, mentions: String) {
        do {
            _ = try PayloadBatch(json: Data(json.utf8))
            Issue.record("\(json) decoded without error")
        } catch {
            #expect(error.description.contains(mentions), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("invalid UTF-8 is a decoding error, not a crash")
    func invalidUTF8() {
        var bytes = Data(#"{"users":[{"id":1,"name":""#.utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Data(#""}]}"#.utf8))
        #expect(throws: PayloadDecodingError.self) { try PayloadBatch(json: bytes) }
    }
}
