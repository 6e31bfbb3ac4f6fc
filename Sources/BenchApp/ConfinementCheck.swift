import BenchDriver
import StoreTaxonomy

/// What `bench touch-off-main` runs: a lookup from another thread in a store
/// whose handles belong to its main thread, which must trap in the build it
/// runs in. CI runs it in its release build (`scripts/check-confinement`),
/// where an `assert` would be gone.
public enum ConfinementCheck {
    /// The stores confined to their main thread, in catalog order.
    public static var confinedStores: [String] {
        StoreSelection.all.filter { $0.design.threading == .mainThread }.map(\.name)
    }

    /// Looks a user up in a fresh `store` off its main thread; returns only
    /// by throwing: the store did not trap, or is not confined at all.
    public static func touchOffMain(_ store: String) throws(BenchFailure) {
        guard let runner = try StoreSelection.select([store]).first else { return }
        guard runner.design.threading == .mainThread else {
            throw .usage(
                "\(store) is not confined to its main thread; touch-off-main takes one of: "
                    + confinedStores.joined(separator: ", "))
        }
        do {
            try runner.lookUpOffMain()
        } catch {
            throw .failure("\(store): the store could not be loaded: \(error)")
        }
        throw .failure("\(store): a lookup off its main thread returned instead of trapping")
    }
}
