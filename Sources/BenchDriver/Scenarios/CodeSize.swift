import BenchResults
import Foundation
import StoreInterface

/// Vesper's word on code ("barely any different from the code that exists
/// now"): the lines each store's module takes, counted in the source tree
/// this bench was built from. Screens are one generic piece of code for
/// every store here, so only the stores' own code can differ.
enum CodeSize: BenchScenario {
    struct Workload: Sendable {
        /// `Sources/Stores` of the tree this file was compiled in.
        let stores: URL
    }

    static let id = ScenarioID.codeSize

    /// The metrics a round reports, by id.
    enum Metric {
        static let lines: MetricID = "lines"
        static let files: MetricID = "files"
    }
    static let headline = Metric.lines
    static let title = "the lines of code each store's module takes"
    static let origin = "Vesper"
    static let countsInstructions = false
    static let maximumRounds: Int? = 2
    static let parameters: [ParameterSpec] = []
    static let notes = [
        "Lines of Swift in the store's module (Sources/Stores/<module>), blank lines and comments left out; "
            + "uniquing-main and uniquing-observable share one module. The write pipeline, records and weak tables "
            + "every store shares (StoreSupport) are not counted, nor is the screens' code, which is one generic "
            + "implementation for every store.",
    ]

    static func prepare(_ parameters: ParameterSet, seed: UInt64) throws -> Workload {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let stores = root.appendingPathComponent("Stores")
        guard FileManager.default.fileExists(atPath: stores.path) else {
            throw ScenarioError("code-size: the source tree this bench was built from is not at \(stores.path)")
        }
        return Workload(stores: stores)
    }

    static func runRound<Store: ModelStore>(
        _ type: Store.Type, _ workload: Workload, _ parameters: ParameterSet, _ context: RoundContext
    ) throws -> RoundMetrics {
        // A store type's reflected name begins with its module's: "UniquingMain.MainConfinedStore<…>".
        let module = String(String(reflecting: Store.self).prefix { $0 != "." })
        let folder = workload.stores.appendingPathComponent(module)
        guard let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String })
            .filter({ $0.hasSuffix(".swift") }), !files.isEmpty else {
            throw ScenarioError("code-size: no Swift files for \(Store.design.name) in \(folder.path)")
        }
        var lines = 0
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).count { line in
                let code = line.drop { $0 == " " }
                return !code.isEmpty && !code.hasPrefix("//")
            }
        }
        context.progress(1)
        var metrics = RoundMetrics()
        metrics.add(Metric.lines, "lines of code in the store's module", unit: "lines", kind: .count, Double(lines))
        metrics.add(Metric.files, "source files in the store's module", unit: "files", kind: .count,
                    informational: true, Double(files.count))
        return metrics
    }
}
