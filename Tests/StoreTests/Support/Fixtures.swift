import ModelGraph
import StoreInterface

enum Fixtures {
    /// A small graph with every kind of model and two-level reply threads.
    static let smallShape = GraphShape(
        users: 8, tags: 4, notes: 12, tagsPerNote: 2,
        threads: 3, participantsPerMessage: 2, repliesPerMessage: 2, threadDepth: 2)

    static func graph(_ shape: GraphShape = smallShape, seed: UInt64 = 42) -> GeneratedGraph {
        do {
            return try GeneratedGraph(shape: shape, seed: seed)
        } catch {
            fatalError("fixture shape is invalid: \(error)")
        }
    }

    /// A store of `kind` holding `graph`.
    static func store(_ kind: StoreUnderTest, holding graph: GeneratedGraph,
                      _ configuration: StoreConfiguration = StoreConfiguration()) throws -> any ModelStore {
        let store = kind.make(configuration)
        try store.merge(graph.fullBatch)
        return store
    }
}
