import Foundation

/// Where and how a run happened: enough to tell whether two results can be
/// compared, and to reproduce one.
public struct Provenance: Hashable, Sendable, Codable {
    /// `swift --version`'s first line, or the compiler version this was built with.
    public var toolchain: String
    /// "release" or "debug". Debug timings are meaningless.
    public var buildConfiguration: String
    public var operatingSystem: String
    public var kernel: String
    public var cpuModel: String
    public var cores: Int
    public var memoryBytes: UInt64
    public var hostname: String
    /// `git rev-parse HEAD`, with "-dirty" when the work tree has changes;
    /// nil outside a git checkout.
    public var commit: String?
    /// ISO 8601, UTC.
    public var date: String
    public var allocator: String
    public var seed: UInt64
    public var arguments: [String]

    public init(
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

    public var isDebugBuild: Bool { buildConfiguration != "release" }

    /// What must match for timings to be comparable: the same CPU, core
    /// count, memory and toolchain. The hostname does not matter: CI
    /// machines of one kind share the rest but not their names.
    public var hostKey: String {
        "\(cpuModel) | \(cores) cores | \(memoryBytes >> 30) GiB | \(toolchain)"
    }

    public static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }
}
