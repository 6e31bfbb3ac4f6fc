import BenchResults
import StoreInterface

extension StoreInfo {
    /// A store's design as a results file records it, with what its floor
    /// says each of its bounded operations is built from.
    init<Floor: StoreFloor>(_ design: StoreDesign, floor: Floor.Type) {
        self.init(
            name: design.name, family: design.family, threading: design.threading,
            summary: design.summary, modelledOn: design.modelledOn,
            follows: design.follows.isEmpty ? nil : design.follows.sorted { $0.rawValue < $1.rawValue },
            isUpperBound: design.isUpperBound,
            isLibrary: design.isLibrary ? true : nil, childChanges: design.childChanges,
            floors: Dictionary(uniqueKeysWithValues: Floor.compositions.map { ($0.key.rawValue, $0.value) }))
    }
}
