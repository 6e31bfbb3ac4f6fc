import Foundation
import TestSupport
import Testing

@testable import BenchMetrics

/// Every counted region starts from the same allocator state: an arena
/// created for it, and the counted thread bound to it.
@Suite(
    "A counted region's arena",
    .disabled(if: Sanitizers.isActive, "a sanitizer owns malloc, so there are no jemalloc arenas")
)
struct RegionArenaTests {
    @Test("each region gets a new arena of its own, and the thread its own arena back afterwards")
    func freshArenaPerRegion() throws {
        let own = try Jemalloc.readUnsigned("thread.arena")
        var regions: [UInt32] = []
        for _ in 0..<2 {
            let arenas = try Jemalloc.readUnsigned("arenas.narenas")
            let previous = try RegionArena.enter()
            let region = try Jemalloc.readUnsigned("thread.arena")
            // A new arena: created for the region, so nothing allocated from
            // it before. Tests running alongside may create arenas too, so
            // its index is at least, not exactly, the count read before.
            #expect(try Jemalloc.readUnsigned("arenas.narenas") > arenas)
            #expect(region >= arenas)
            #expect(previous == own && !regions.contains(region))
            regions.append(region)
            // What the region allocates comes from its arena, and may outlive it.
            let block = try #require(malloc(4_096))
            try RegionArena.leave(previous)
            #expect(try Jemalloc.readUnsigned("thread.arena") == own)
            #expect(try ArenaPool.allocatedBytes(in: region) >= 4_096)
            free(block)
        }
    }
}
