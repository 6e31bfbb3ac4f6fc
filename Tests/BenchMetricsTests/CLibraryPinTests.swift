import Foundation
import Testing

@testable import BenchMetrics

/// What the C library chose under Valgrind, as its dynamic linker reports it
/// (`ld.so --list-diagnostics`), with another host simulated by tunables set
/// before the pin's: glibc takes the last value of a tunable given twice, and
/// the host's CPU reaches it the same way, as features and thresholds.
@Suite("The C library's pin")
struct CLibraryPinTests {
    static let dynamicLinker = "/lib64/ld-linux-x86-64.so.2"
    /// Hosts unlike this one: fewer features, other thresholds, other preferences.
    static let otherHosts = [
        "glibc.cpu.hwcaps=-AVX2,-ERMS,-BMI2",
        "glibc.cpu.x86_rep_movsb_threshold=0x1000:glibc.cpu.x86_non_temporal_threshold=0x100000"
            + ":glibc.cpu.x86_shared_cache_size=0x1000000",
        "glibc.cpu.hwcaps=Prefer_ERMS,Slow_BSF,-Fast_Unaligned_Copy,Avoid_Short_Distance_REP_MOVSB",
    ]

    @Test("another host's features, thresholds and preferences do not reach the pinned C library")
    func pinHoldsOnOtherHosts() throws {
        let pinned = try Self.choices(tunables: CLibraryPin.tunables)
        #expect(pinned.contains("x86.cpu_features.preferred.Prefer_ERMS=0x0"))
        #expect(pinned.contains("x86.cpu_features.rep_movsb_threshold=0x2000"))
        for host in Self.otherHosts {
            #expect(try Self.choices(tunables: host + ":" + CLibraryPin.tunables) == pinned, "\(host)")
        }
    }

    @Test("without the pin, the same hosts change what the C library chooses")
    func hostsDifferUnpinned() throws {
        let unpinned = try Self.choices(tunables: "")
        for host in Self.otherHosts {
            #expect(try Self.choices(tunables: host) != unpinned, "\(host)")
        }
    }

    @Test("the pin's fingerprint is FNV-1a of its tunables, so another pin reads as another")
    func fingerprint() {
        // FNV-1a's published 32-bit values.
        #expect(CLibraryPin.fingerprint(of: "") == "811c9dc5")
        #expect(CLibraryPin.fingerprint(of: "a") == "e40c292c")
        #expect(CLibraryPin.fingerprint(of: "foobar") == "bf9cf968")
        #expect(CLibraryPin.fingerprint == CLibraryPin.fingerprint(of: CLibraryPin.tunables))
        #expect(CLibraryPin.fingerprint(of: CLibraryPin.tunables + ":glibc.cpu.x86_ibt=on") != CLibraryPin.fingerprint)
        #expect(CLibraryPin.tunables.hasPrefix("glibc.cpu.hwcaps=-AVX,-AVX2,"))
        #expect(!CLibraryPin.tunables.contains(" "))
    }

    /// The lines of the dynamic linker's diagnostics that decide which
    /// variant of a string routine runs: features in use, preferences,
    /// thresholds and cache sizes.
    static func choices(tunables: String) throws -> [String] {
        let valgrind = try #require(
            ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            }, "valgrind is missing: scripts/test installs it")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=none", "--quiet", dynamicLinker, "--list-diagnostics"]
        process.environment = tunables.isEmpty ? [:] : ["GLIBC_TUNABLES": tunables]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let decisive = [".active[", ".preferred.", "threshold=", "cache_size="]
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { line in line.hasPrefix("x86.cpu_features.") && decisive.contains { line.contains($0) } }
    }
}
