import BenchReport
import BenchResults
import Foundation

/// Saved runs on disk, as `bench` reads and writes them: each failure
/// becomes a `BenchFailure` of the kind it is (a file that cannot be used, a
/// destination the user must change, or a failure).
enum RunFiles {
    /// A saved `results.json`; `role` names it in the error ("baseline", "run").
    static func read(_ path: String, role: String) throws(BenchFailure) -> RunResult {
        do {
            return try RunResult.read(from: URL(fileURLWithPath: path))
        } catch {
            throw .unusable("\(role) \(error)")
        }
    }

    /// Creates `directory` and checks it can be written, before any work.
    static func prepareDirectory(_ directory: URL, option: String) throws(BenchFailure) {
        do {
            try AtomicFile.prepareDirectory(directory)
        } catch {
            throw .usage("\(error); choose another directory with \(option) DIR")
        }
    }

    /// Creates `path`'s directory and checks a file can be written there,
    /// before any work; `option` is what the user typed it with.
    static func prepareFile(_ path: String, option: String) throws(BenchFailure) {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .usage("\(path) is a directory; give \(option) a file name, like \(option) \(path)/baseline.json")
        }
        do {
            try AtomicFile.prepareDirectory(url.deletingLastPathComponent())
        } catch {
            throw .usage("\(error); choose another file with \(option) FILE")
        }
    }

    /// Writes `result` as a `results.json` at `path`, atomically.
    static func write(_ result: RunResult, to path: String) throws(BenchFailure) {
        do {
            try AtomicFile.write(result.json(), to: URL(fileURLWithPath: path))
        } catch {
            throw .failure("\(error)")
        }
    }

    /// Writes the report files for `result` into `directory`; returns what
    /// was written, for the closing message.
    static func writeReport(
        _ result: RunResult, verification: ResultsVerification? = nil, otherProfile: RunResult? = nil, to directory: URL
    ) throws(BenchFailure) -> String {
        do {
            return try ReportFiles.write(
                result, context: .scenarios, verification: verification, otherProfile: otherProfile, to: directory)
        } catch {
            throw .failure("\(error)")
        }
    }
}
