/// Receives store types one by one, generically, so whatever it builds for a
/// store (a runner, a test case, a micro-benchmark) is specialized for that
/// store, with no existential on its hot paths. The store catalog drives it.
public protocol StoreVisitor {
    mutating func visit<Store: ModelStore>(_ store: Store.Type)
}
