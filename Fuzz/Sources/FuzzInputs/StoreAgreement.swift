import Foundation
import ModelGraph
import StoreCatalog
import StoreInterface

/// A payload merged into a fresh store of every design: each must refuse it
/// with the same error or accept it with the same counts and end in the
/// same state (the conformance suite's equivalence, on inputs nobody wrote).
struct StoreAgreement: StoreVisitor {
    let batch: PayloadBatch
    var outcomes: [(store: String, outcome: Result<ChangeSummary, MergeError>, state: GraphState)] = []

    static func check(_ input: Data) {
        let batch: PayloadBatch
        do {
            batch = try PayloadBatch(json: input)
        } catch {
            oneLine("\(error)")
            return
        }
        var agreement = StoreAgreement(batch: batch)
        StoreCatalog.visitAll(&agreement)
        let first = agreement.outcomes[0]
        for other in agreement.outcomes.dropFirst() {
            guard other.outcome == first.outcome else {
                fatalError("\(other.store) made \(other.outcome) of a batch \(first.store) made \(first.outcome) of")
            }
            if let difference = other.state.firstDifference(from: first.state) {
                fatalError("\(other.store) and \(first.store) differ after the same batch: \(difference)")
            }
        }
    }

    mutating func visit<Store: ModelStore>(_: Store.Type) {
        let store = Store(configuration: StoreConfiguration())
        var outcome: Result<ChangeSummary, MergeError>
        do {
            var summary = try store.merge(batch)
            // Counts every design must agree on (as the conformance suite's).
            summary.propagated = 0
            summary.notifications = 0
            outcome = .success(summary)
        } catch {
            oneLine("\(error)")
            outcome = .failure(error)
        }
        store.settle()
        outcomes.append((Store.design.name, outcome, store.exportState()))
    }
}
