import Foundation
import Testing

@testable import ModelGraph

@Suite("Graph generator")
struct GeneratorTests {
    static let shape = GraphShape(
        users: 20, tags: 6, notes: 30, tagsPerNote: 3,
        threads: 4, participantsPerMessage: 3, repliesPerMessage: 3, threadDepth: 2)

    @Test("the same seed gives the same graph and the same JSON bytes")
    func deterministic() throws {
        let first = try GeneratedGraph(shape: Self.shape, seed: 99)
        let second = try GeneratedGraph(shape: Self.shape, seed: 99)
        #expect(first.fullBatch.json() == second.fullBatch.json())
        #expect(first.state == second.state)
        let other = try GeneratedGraph(shape: Self.shape, seed: 100)
        #expect(other.fullBatch.json() != first.fullBatch.json())
    }

    @Test("the graph has the shape's counts and fan-out")
    func shapeIsRespected() throws {
        let graph = try GeneratedGraph(shape: Self.shape, seed: 1)
        let state = graph.state
        #expect(state.users.count == 20)
        #expect(state.tags.count == 6)
        #expect(state.notes.count == 30)
        #expect(state.messages.count == 4 * (1 + 3 + 9))
        #expect(state.modelCount == Self.shape.modelCount)
        #expect(state.notes.values.allSatisfy { $0.tags.count == 3 && Set($0.tags.map(\.id)).count == 3 })
        // Round-robin tagging: every tag on exactly notes * tagsPerNote / tags notes.
        var perTag: [TagID: Int] = [:]
        for note in state.notes.values { for tag in note.tags { perTag[tag.id, default: 0] += 1 } }
        #expect(Set(perTag.values) == [15])
        #expect(state.messages.values.allSatisfy { Set($0.participants.map(\.id)).count == 3 })
        #expect(graph.threadRootIDs.count == 4)
        #expect(graph.threadRootIDs.allSatisfy { state.messages[$0]!.replies.count == 3 })
    }

    @Test("an exact thread size fills a tree breadth first, as Rocket Data's tests build one")
    func exactThreadSize() throws {
        let shape = GraphShape(
            users: 3, tags: 1, notes: 0, tagsPerNote: 0, threads: 2,
            participantsPerMessage: 1, repliesPerMessage: 2, threadSize: 1_000)
        let graph = try GeneratedGraph(shape: shape, seed: 4)
        #expect(graph.messages.count == 2_000)
        #expect(graph.threadRootIDs.count == 2)
        let root = graph.threadRootIDs[0]
        #expect(graph.message(root).replies.count == 2)
        // A binary tree of 1,000 nodes is 10 levels deep (0 through 9).
        var depth = 0, level = [root]
        while !level.isEmpty {
            level = level.flatMap { graph.message($0).replies }
            if !level.isEmpty { depth += 1 }
        }
        #expect(depth == 9)
        #expect(graph.state.messages[root]?.replies.count == 2)
    }

    @Test("most generated strings are long enough to live on the heap")
    func realisticStrings() throws {
        let graph = try GeneratedGraph(shape: Self.shape, seed: 2)
        let strings = graph.notes.flatMap { [$0.attributes.title, $0.attributes.body] } + graph.users.map(\.avatarURL)
        #expect(strings.allSatisfy { $0.utf8.count > 15 })
    }

    @Test("partial updates carry the asked number of fields and are recorded")
    func partialUpdates() throws {
        var graph = try GeneratedGraph(shape: Self.shape, seed: 3)
        let before = graph.user(UserID(4))
        let noOp = graph.partialUpdate(user: UserID(4), fieldCount: 7, noOp: true)
        #expect(graph.user(UserID(4)) == before)
        var copy = before
        let noOpChanged = copy.merge(noOp)
        #expect(!noOpChanged)
        let change = graph.partialUpdate(user: UserID(4), fieldCount: 2, noOp: false)
        var applied = before
        let changed = applied.merge(change)
        #expect(changed)
        #expect(graph.user(UserID(4)) == applied)
        let fields = [
            change.name.isPresent, change.username.isPresent, change.avatarURL.isPresent,
            change.bio.isPresent, change.isOnline.isPresent, change.followerCount.isPresent,
            change.updatedAt.isPresent,
        ]
        #expect(fields.filter { $0 }.count == 2)
    }

    @Test(
        "impossible shapes are refused with a reason",
        arguments: [
            GraphShape(users: 0, tags: 1, notes: 1, tagsPerNote: 0, threads: 0, participantsPerMessage: 0),
            GraphShape(users: 2, tags: 1, notes: 1, tagsPerNote: 2, threads: 0, participantsPerMessage: 0),
            GraphShape(users: 2, tags: 1, notes: 1, tagsPerNote: 1, threads: 1, participantsPerMessage: 3),
            GraphShape(
                users: 2, tags: 1, notes: 1, tagsPerNote: 1, threads: 1, participantsPerMessage: 1,
                repliesPerMessage: 0, threadDepth: 2),
            GraphShape(
                users: 2, tags: 1, notes: 1, tagsPerNote: 1, threads: 1_000_000, participantsPerMessage: 1,
                repliesPerMessage: 1_000, threadDepth: 9),
        ])
    func invalidShapes(shape: GraphShape) {
        #expect(throws: GraphShapeError.self) { try GeneratedGraph(shape: shape, seed: 1) }
    }
}
