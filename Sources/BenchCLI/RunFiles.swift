import BenchReport
import BenchResults
import Foundation

/// Saved runs on disk, as the commands read and write them: each failure
/// becomes a `CommandFailure` with the status it deserves (3 for a file that
/// cannot be used, 64 for a destination the user must change, 1 otherwise).
enum RunFiles {
    /// A saved `results.json`; `role` names it in the error ("baseline", "run").
    static func read(_ path: String, role: String) throws -> RunResult {
        do {
            return try RunResult.read(from: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure.unusable("\(role) \(error)")
        }
    }

    /// Creates `directory` and checks it can be written, before any work.
    static func prepareDirectory(_ directory: URL, option: String) throws {
        do {
            try AtomicFile.prepareDirectory(directory)
        } catch {
            throw CommandFailure.usage("\(error); choose another directory with \(option) DIR")
        }
    }

    /// Creates `path`'s directory and checks a file can be written there,
    /// before any work; `option` is what the user typed it with.
    static func prepareFile(_ path: String, option: String) throws {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure.usage("\(path) is a directory; give \(option) a file name, like \(option) \(path)/baseline.json")
        }
        do {
            try AtomicFile.prepareDirectory(url.deletingLastPathComponent())
        } catch {
            throw CommandFailure.usage("\(error); choose another file with \(option) FILE")
        }
    }

    /// Writes `result` as a `results.json` at `path`, atomically.
    static func write(_ result: RunResult, to path: String) throws {
        do {
            try AtomicFile.write(result.json(), to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure.failure("\(error)")
        }
    }

    /// Writes the report files for `result` into `directory`; returns what
    /// was written, for the closing message.
    static func writeReport(_ result: RunResult, to directory: URL) throws -> String {
        do {
            return try ReportFiles.write(result, context: .scenarios, to: directory)
        } catch {
            throw CommandFailure.failure("\(error)")
        }
    }
}
