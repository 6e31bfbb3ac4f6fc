import StoreInterface

@testable import ModelGraph

package enum Fixtures {
    /// A small graph with every kind of model and two-level reply threads.
    package static let smallShape = GraphShape(
        users: 8, tags: 4, notes: 12, tagsPerNote: 2,
        threads: 3, participantsPerMessage: 2, repliesPerMessage: 2, threadDepth: 2)

    /// Every note carries the one tag.
    package static let sharedTagShape = GraphShape(
        users: 5, tags: 1, notes: 40, tagsPerNote: 1, threads: 0, participantsPerMessage: 0)

    /// Enough models for threads to contend on: the stress and lifetime tests'.
    package static let stressShape = GraphShape(
        users: 60, tags: 12, notes: 200, tagsPerNote: 3,
        threads: 10, participantsPerMessage: 3, repliesPerMessage: 2, threadDepth: 2)

    package static func graph(_ shape: GraphShape = smallShape, seed: UInt64 = 42) -> GeneratedGraph {
        do {
            return try GeneratedGraph(shape: shape, seed: seed)
        } catch {
            fatalError("fixture shape is invalid: \(error)")
        }
    }

    /// A store of `kind` holding `graph`.
    package static func store(
        _ kind: StoreUnderTest, holding graph: GeneratedGraph,
        _ configuration: StoreConfiguration = StoreConfiguration()
    ) throws -> any ModelStore {
        let store = kind.make(configuration)
        try store.merge(graph.fullBatch)
        return store
    }
}
