import SnapshotEmbedded
import SnapshotFlat
import SnapshotGRDB
import SnapshotListened
import SnapshotNotified
import StoreInterface
import UniquingLocked
import UniquingMain

/// Every store the suite measures, in the order tables show them: the one
/// place a store is registered. A new store is a module under Sources/Stores
/// and one line here.
public enum StoreCatalog {
    @inlinable
    public static func visitAll<Visitor: StoreVisitor>(_ visitor: inout Visitor) {
        visitor.visit(UniquingLockedStore.self)
        visitor.visit(UniquingMainStore.self)
        visitor.visit(UniquingObservableStore.self)
        visitor.visit(SnapshotEmbeddedStore.self)
        visitor.visit(SnapshotListenedStore.self)
        visitor.visit(SnapshotFlatStore.self)
        visitor.visit(SnapshotNotifiedStore.self)
        visitor.visit(SnapshotGRDBStore.self)
    }

    /// Every store's design, in catalog order.
    public static var designs: [StoreDesign] {
        struct Designs: StoreVisitor {
            var all: [StoreDesign] = []
            mutating func visit<Store: ModelStore>(_ store: Store.Type) { all.append(Store.design) }
        }
        var designs = Designs()
        visitAll(&designs)
        return designs.all
    }
}
