import Testing

@testable import BenchMetrics
@testable import BenchStatistics

@Suite("Provenance")
struct ProvenanceTests {
    @Test("a run's provenance describes this machine and build")
    func describesTheMachine() {
        let provenance = Provenance.collect(seed: 42)
        #expect(provenance.seed == 42)
        #expect(provenance.cores >= 1)
        #expect(provenance.memoryBytes > 0)
        #expect(provenance.toolchain.contains("Swift"))
        #expect(provenance.kernel.hasPrefix("Linux"))
        #expect(provenance.cpuModel != "")
        #expect(provenance.allocator.hasPrefix("jemalloc"))
        // Worked out here, not read back from the code under test.
        #if DEBUG
        #expect(provenance.buildConfiguration == "debug")
        #else
        #expect(provenance.buildConfiguration == "release")
        #endif
        #expect(!provenance.date.isEmpty)
        #expect(provenance.hostKey.contains("\(provenance.cores) cores"))
    }
}
