import BenchResults
import Foundation

/// Seeds for the results targets, cut from the committed runs: each case of
/// each run alone, on two of its stores (the first and another, a different
/// one case by case), a valid results file of about ten kilobytes. A whole
/// run is megabytes: libFuzzer would cut it at its 1 MiB input limit into
/// something no longer JSON, and every mutation would stop at the parser;
/// and each input is ranked again when read (a bootstrap per pair of
/// stores), which on six stores took seconds an input under the sanitizers.
enum ResultsSeeds {
    static func write(into directory: String, from files: [String]) -> CInt {
        do {
            for file in files {
                let run = try RunResult.read(from: URL(fileURLWithPath: file))
                let name = file.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".json", with: "")
                for (index, kept) in run.cases.enumerated() where run.stores.count >= 2 {
                    let pair = [run.stores[0], run.stores[1 + index % (run.stores.count - 1)]]
                    var alone = run
                    alone.stores = pair
                    alone.designs = run.designs.filter { pair.contains($0.name) }
                    alone.cases = [kept]
                    alone.cases[0].stores = kept.stores.filter { pair.contains($0.store) }
                    let seed = URL(fileURLWithPath: directory).appendingPathComponent("\(name)-case\(index).json")
                    try alone.json().write(to: seed)
                }
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
    }
}
