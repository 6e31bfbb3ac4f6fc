import Foundation

/// Writes files whole or not at all: the bytes go to a temporary file in the
/// same directory, which is then renamed over the target. An interrupted run
/// leaves either the old file or the new one, never half of either.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(OutputError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            throw .unwritable(directory.path, reason: Self.reason(error))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .unwritable(url.path, reason: reason)
        }
    }

    /// Creates `directory` (and its parents) if needed and checks that a
    /// file can be written there, before any work is done.
    public static func prepareDirectory(_ directory: URL) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(directory.path, reason: Self.reason(error))
        }
        let probe = directory.appendingPathComponent(".write-probe.\(getpid())")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else {
            throw .unwritable(directory.path, reason: "cannot create files there")
        }
        try? FileManager.default.removeItem(at: probe)
    }

    private static func reason(_ error: any Error) -> String {
        ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription
            ?? (error as NSError).localizedDescription
    }
}

/// Results could not be written or read.
public enum OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    case unwritable(String, reason: String)
    case unreadable(String, reason: String)
    case malformed(String, reason: String)
    case unsupportedSchema(String, found: Int, supported: Int)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason):
            "cannot write to \(path): \(reason)"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .malformed(let path, let reason):
            "\(path) is not a results file: \(reason)"
        case .unsupportedSchema(let path, let found, let supported):
            "\(path) has results schema version \(found); this bench reads version \(supported)"
        }
    }
}
