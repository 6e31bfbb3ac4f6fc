import Foundation

/// Where and how a run happened: enough to tell whether two results can be
/// compared, and to reproduce one.
package struct Provenance: Hashable, Sendable, Codable {
    /// `swift --version`'s first line, or the compiler version this was built with.
    package var toolchain: String
    /// "release" or "debug". Debug timings are meaningless.
    package var buildConfiguration: String
    package var operatingSystem: String
    package var kernel: String
    package var cpuModel: String
    package var cores: Int
    package var memoryBytes: UInt64
    package var hostname: String
    /// `git rev-parse HEAD`, with "-dirty" when the work tree has changes;
    /// nil outside a git checkout.
    package var commit: String?
    /// ISO 8601, UTC.
    package var date: String
    package var allocator: String
    package var seed: UInt64
    package var arguments: [String]

    package init(
        toolchain: String, buildConfiguration: String, operatingSystem: String, kernel: String, cpuModel: String,
        cores: Int, memoryBytes: UInt64, hostname: String, commit: String?, date: String, allocator: String,
        seed: UInt64, arguments: [String]
    ) {
        self.toolchain = toolchain
        self.buildConfiguration = buildConfiguration
        self.operatingSystem = operatingSystem
        self.kernel = kernel
        self.cpuModel = cpuModel
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.hostname = hostname
        self.commit = commit
        self.date = date
        self.allocator = allocator
        self.seed = seed
        self.arguments = arguments
    }

    package var isDebugBuild: Bool { buildConfiguration != "release" }

    /// What must match for timings to be comparable: the same CPU, core
    /// count, memory and toolchain. The hostname does not matter: CI
    /// machines of one kind share the rest but not their names.
    package var hostKey: String {
        "\(cpuModel) | \(cores) cores | \(memoryBytes >> 30) GiB | \(toolchain)"
    }

    package static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }
}
