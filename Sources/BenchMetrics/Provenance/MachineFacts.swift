import Foundation

/// Facts read from the machine; each falls back to "unknown" rather than failing.
public enum MachineFacts {
    static func toolchain() -> String {
        if let output = run("swift", ["--version"]), let line = output.split(separator: "\n").first {
            return String(line)
        }
        #if compiler(>=6.3)
        return "Swift 6.3 or later (compiler version; swift not on PATH)"
        #else
        return "Swift before 6.3 (compiler version; swift not on PATH)"
        #endif
    }

    static func operatingSystem() -> String {
        guard let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else {
            return ProcessInfo.processInfo.operatingSystemVersionString
        }
        for line in release.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return "unknown"
    }

    static func kernel() -> String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown" }
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let system = withUnsafeBytes(of: &name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(system) \(release)"
    }

    static func gitCommit() -> String? {
        guard let head = run("git", ["rev-parse", "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines),
            !head.isEmpty
        else { return nil }
        let status = run("git", ["status", "--porcelain", "--untracked-files=no"]) ?? ""
        return status.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? head : head + "-dirty"
    }

    /// Runs a program found on PATH; its standard output, or nil if it
    /// could not run or failed.
    public static func run(_ program: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
