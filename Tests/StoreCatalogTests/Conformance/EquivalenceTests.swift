import StoreInterface
import StoreTestSupport
import Testing

@testable import ModelGraph

/// Every store, fed the same random sequence of operations, must end in the
/// same state and report the same counts (but for the design-specific
/// `propagated` and `notifications`).
@Suite("Conformance: stores are equivalent")
struct EquivalenceTests {
    @Test("random operation sequences leave every store in the same state", arguments: 0..<12)
    func randomSequences(seed: Int) throws {
        let graph = Fixtures.graph(seed: UInt64(seed))
        let stores = try StoreUnderTest.all.map { try Fixtures.store($0, holding: graph) }
        var random = SeededRandom(seed: UInt64(seed) &+ 1000)
        var script = OperationScript(graph: graph)
        for step in 0..<150 {
            let operation = script.next(&random)
            let outcomes = stores.map { operation.run(on: $0) }
            for (kind, outcome) in zip(StoreUnderTest.all, outcomes).dropFirst() {
                #expect(outcome == outcomes[0], "step \(step) (\(operation)): \(kind.testDescription) disagrees")
            }
            let reference = stores[0].exportState()
            for (kind, store) in zip(StoreUnderTest.all, stores).dropFirst() {
                let difference = store.exportState().firstDifference(from: reference)
                #expect(difference == nil, "step \(step) (\(operation)), \(kind.testDescription): \(difference ?? "")")
            }
        }
    }
}

/// Random but valid-or-invalid operations over a generated graph's ids.
struct OperationScript {
    let graph: GeneratedGraph
    private var generator: GeneratedGraph

    init(graph: GeneratedGraph) {
        self.graph = graph
        self.generator = graph
    }

    enum Operation: CustomStringConvertible {
        case merge(PayloadBatch)
        case apply(ModelPatch)
        case delete(ModelRef)

        var description: String {
            switch self {
            case .merge(let batch): "merge \(batch.count) payloads"
            case .apply(let patch): "apply to \(patch.target)"
            case .delete(let model): "delete \(model)"
            }
        }

        func run(on store: any ModelStore) -> Outcome {
            do {
                switch self {
                case .merge(let batch): return .done(comparable(try store.merge(batch)))
                case .apply(let patch): return .done(comparable(try store.apply(patch)))
                case .delete(let model): return .done(comparable(store.delete(model)))
                }
            } catch {
                return .failed(error)
            }
        }

        /// The counts every design must agree on.
        private func comparable(_ summary: ChangeSummary) -> ChangeSummary {
            var summary = summary
            summary.propagated = 0
            summary.notifications = 0
            return summary
        }
    }

    enum Outcome: Equatable {
        case done(ChangeSummary)
        case failed(MergeError)
    }

    mutating func next(_ random: inout SeededRandom) -> Operation {
        let users = graph.users.count, notes = graph.notes.count, messages = graph.messages.count
        switch random.below(10) {
        case 0:
            return .apply(
                .user(
                    generator.partialUpdate(
                        user: UserID(1 + random.below(users)), fieldCount: 1 + random.below(7),
                        noOp: random.below(3) == 0)))
        case 1:
            return .apply(
                .note(
                    generator.partialUpdate(
                        note: NoteID(1 + random.below(notes)), fieldCount: 1 + random.below(4),
                        noOp: random.below(3) == 0)))
        case 2:
            return .apply(.tag(generator.rename(tag: TagID(1 + random.below(graph.tags.count)))))
        case 3:
            // Re-author a note, re-tag it, or both.
            let tags = (0..<random.below(3)).map { _ in TagPayload(id: TagID(1 + random.below(graph.tags.count))) }
            return .apply(
                .note(
                    NotePayload(
                        id: NoteID(1 + random.below(notes)),
                        author: random.below(2) == 0
                            ? .present(UserPayload(id: UserID(1 + random.below(users)))) : .absent,
                        tags: .present(uniqued(tags, by: \.id)))))
        case 4:
            let participants = (0..<random.below(4)).map { _ in UserPayload(id: UserID(1 + random.below(users))) }
            return .apply(
                .message(
                    MessagePayload(
                        id: MessageID(1 + random.below(messages)), text: .present("edited \(random.below(1000))"),
                        participants: .present(uniqued(participants, by: \.id)))))
        case 5:
            // Move a random message under another: sometimes a cycle, refused by every store alike.
            let parent = MessageID(1 + random.below(messages))
            let reply = MessageID(1 + random.below(messages))
            return .apply(.message(MessagePayload(id: parent, replies: .present([MessagePayload(id: reply)]))))
        case 6:
            let victims: [ModelRef] = [
                .user(UserID(1 + random.below(users))), .tag(TagID(1 + random.below(graph.tags.count))),
                .note(NoteID(1 + random.below(notes))), .message(MessageID(1 + random.below(messages))),
            ]
            return .delete(victims[random.below(victims.count)])
        case 7:
            // Bring back deleted or brand-new models with full payloads.
            return .merge(
                PayloadBatch(
                    users: [
                        UserPayload(id: UserID(1 + random.below(users + 2)), full: graph.users[random.below(users)])
                    ],
                    notes: [graph.fullPayload(note: NoteID(1 + random.below(notes)))]))
        case 8:
            let roots = graph.threadRootIDs
            return .merge(PayloadBatch(messages: [graph.fullPayload(message: roots[random.below(roots.count)])]))
        default:
            return .merge(
                PayloadBatch(
                    users: (0..<3).map { _ in
                        generator.partialUpdate(user: UserID(1 + random.below(users)), fieldCount: 2, noOp: false)
                    }))
        }
    }

    private func uniqued<T, ID: Hashable>(_ values: [T], by id: KeyPath<T, ID>) -> [T] {
        var seen = Set<ID>()
        return values.filter { seen.insert($0[keyPath: id]).inserted }
    }
}
