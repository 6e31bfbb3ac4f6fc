import Foundation
import StoreCatalog
import StoreInterface
import Testing

/// The catalog is the one list of stores: every store module is in it.
@Suite("Store catalog")
struct StoreCatalogTests {
    @Test("every folder under Sources/Stores is a module of a store in the catalog")
    func everyStoreModuleIsCatalogued() throws {
        struct Modules: StoreVisitor {
            var names: Set<String> = []
            mutating func visit<Store: ModelStore>(_ store: Store.Type) {
                // A store type's reflected name begins with its module's.
                names.insert(String(String(reflecting: Store.self).prefix { $0 != "." }))
            }
        }
        var modules = Modules()
        StoreCatalog.visitAll(&modules)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Stores")
        let folders = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == modules.names)
    }

    @Test("store names are unique")
    func uniqueNames() {
        let names = StoreCatalog.designs.map(\.name)
        #expect(Set(names).count == names.count)
    }
}
