import BenchStatistics
import Foundation

extension Provenance {
    /// Reads the machine, the toolchain and the checkout now.
    public static func collect(seed: UInt64, arguments: [String] = CommandLine.arguments) -> Provenance {
        let info = ProcessInfo.processInfo
        return Provenance(
            toolchain: MachineFacts.toolchain(),
            buildConfiguration: Self.buildConfiguration,
            operatingSystem: MachineFacts.operatingSystem(),
            kernel: MachineFacts.kernel(),
            cpuModel: Platform.cpuModel,
            cores: info.activeProcessorCount,
            memoryBytes: info.physicalMemory,
            hostname: info.hostName,
            commit: MachineFacts.gitCommit(),
            date: ISO8601DateFormatter().string(from: Date()),
            allocator: AllocatorCheck.version.map { "jemalloc \($0)" } ?? "unknown (jemalloc not readable)",
            seed: seed,
            arguments: arguments
        )
    }
}
