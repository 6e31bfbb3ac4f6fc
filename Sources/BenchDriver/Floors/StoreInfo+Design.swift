import BenchResults
import StoreInterface

extension StoreInfo {
    /// A store's design as a results file records it. Its lookup and row
    /// floors are named after the primitives they are built from.
    init(_ design: StoreDesign) {
        self.init(
            name: design.name, family: design.family.rawValue, threading: design.threading.rawValue,
            summary: design.summary,
            floors: [FloorRole.lookup.rawValue: design.lookup.floorID, FloorRole.row.rawValue: design.row.floorID])
    }
}

/// The kinds of operation a floor bounds, as metrics declare them
/// (`MetricDescriptor.bound`).
enum FloorRole: String {
    case lookup
    case row
}

extension Primitives {
    /// The id of the floor measuring these primitives.
    var floorID: String { String(describing: self) }
}
