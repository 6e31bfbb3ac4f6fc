import StoreCatalog
import StoreInterface
import Testing

/// A store type the conformance suite runs against: every store of the
/// catalog, so a store registered there is tested here with no other change.
package struct StoreUnderTest: Sendable, CustomTestStringConvertible {
    package let type: any ModelStore.Type

    package static let all: [StoreUnderTest] = {
        struct Collect: StoreVisitor {
            var all: [StoreUnderTest] = []
            mutating func visit<Store: ModelStore>(_ store: Store.Type) { all.append(StoreUnderTest(type: Store.self)) }
        }
        var collect = Collect()
        StoreCatalog.visitAll(&collect)
        return collect.all
    }()

    package var testDescription: String { type.design.name }

    /// A fresh store of this type.
    package func make(_ configuration: StoreConfiguration = StoreConfiguration()) -> any ModelStore {
        type.init(configuration: configuration)
    }
}
