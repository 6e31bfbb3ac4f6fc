import Snapshots
import StoreInterface
import Testing
import Uniquing

/// A store type the conformance suite runs against. Add a new store here and
/// every conformance case runs against it too.
struct StoreUnderTest: Sendable, CustomTestStringConvertible {
    let type: any ModelStore.Type

    static let all: [StoreUnderTest] = [
        StoreUnderTest(type: UniquingStore.self),
        StoreUnderTest(type: SnapshotStore.self),
    ]

    var testDescription: String { type.designName }

    /// A fresh store of this type.
    func make(_ configuration: StoreConfiguration = StoreConfiguration()) -> any ModelStore {
        type.init(configuration: configuration)
    }
}
