import BenchStatistics
import CCallgrind
#if canImport(Glibc)
import Glibc
#endif

extension InstructionProvenance {
    /// Counts the probe with `counter`.
    public static func collect(valgrind: String, counter: InstructionCounter) throws(InstructionCountError) -> InstructionProvenance {
        // Allocated outside the count (what malloc executes depends on the
        // heap's state), and at fixed page offsets: the routines take other
        // paths near a page's end and when source and target alias in 4 KiB.
        let size = 4_096, page = 4_096
        let block = UnsafeMutableRawPointer.allocate(byteCount: 4 * page, alignment: page)
        defer { block.deallocate() }
        let source = (block + 64).assumingMemoryBound(to: CChar.self)
        let target = (block + 2 * page + 128).assumingMemoryBound(to: CChar.self)
        // Once uncounted, so that binding the routines' symbols is not counted.
        var found = ccg_run_dispatched_routines(source, target, UInt(size))
        let probe = try counter.count { found &+= ccg_run_dispatched_routines(source, target, UInt(size)) }
        guard found == 4 * size else {
            throw InstructionCountError("the C library probe found \(found) on buffers of \(size) bytes, not \(4 * size)")
        }
        return InstructionProvenance(
            valgrind: valgrind, libc: libcVersion, probe: probe.instructions, cLibraryPin: CLibraryPin.fingerprint,
            uncountedFunctions: InstructionCounter.uncountedFunctions)
    }

    private static var libcVersion: String {
        #if canImport(Glibc)
        var buffer = [CChar](repeating: 0, count: 64)
        guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        "unknown"
        #endif
    }
}
