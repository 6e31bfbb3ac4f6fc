import StoreCatalog
import StoreInterface
import Testing

/// A store type the conformance suite runs against: every store of the
/// catalog, so a store registered there is tested here with no other change.
struct StoreUnderTest: Sendable, CustomTestStringConvertible {
    let type: any ModelStore.Type

    static let all: [StoreUnderTest] = {
        struct Collect: StoreVisitor {
            var all: [StoreUnderTest] = []
            mutating func visit<Store: ModelStore>(_ store: Store.Type) { all.append(StoreUnderTest(type: Store.self)) }
        }
        var collect = Collect()
        StoreCatalog.visitAll(&collect)
        return collect.all
    }()

    var testDescription: String { type.design.name }

    /// A fresh store of this type.
    func make(_ configuration: StoreConfiguration = StoreConfiguration()) -> any ModelStore {
        type.init(configuration: configuration)
    }
}
