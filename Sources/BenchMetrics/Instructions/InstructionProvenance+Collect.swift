import BenchStatistics
import CCallgrind

#if canImport(Glibc)
import Glibc
#endif

extension InstructionProvenance {
    /// Counts the probe with `counter`. Call it before the counted work
    /// starts any thread: every thread's instructions count, so the probe
    /// is retried until it ran alone.
    public static func collect(
        valgrind: String, counter: InstructionCounter
    ) throws(InstructionCountError) -> InstructionProvenance {
        // Mapped, not allocated: the probe leaves the heap the counted work
        // finds as it was. Fixed page offsets: the routines take other paths
        // near a page's end and when source and target alias in 4 KiB.
        let size = 4_096, page = 4_096
        guard let block = mmap(nil, 4 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            block != MAP_FAILED
        else {
            throw InstructionCountError("cannot map pages for the C library probe: \(String(cString: strerror(errno)))")
        }
        defer { munmap(block, 4 * page) }
        let source = (block + 64).assumingMemoryBound(to: CChar.self)
        let target = (block + 2 * page + 128).assumingMemoryBound(to: CChar.self)
        // Once uncounted, so that binding the routines' symbols is not counted.
        let expected = 2 * size
        guard ccg_run_dispatched_routines(source, target, UInt(size)) == expected else {
            throw InstructionCountError("the C library probe did not find \(expected) on buffers of \(size) bytes")
        }
        for _ in 0..<attempts {
            var found = 0
            let probe = try counter.count { found = ccg_run_dispatched_routines(source, target, UInt(size)) }
            guard found == expected else {
                throw InstructionCountError(
                    "the C library probe found \(found) on buffers of \(size) bytes, not \(expected)")
            }
            guard probe.threads == 1 else { continue }
            return InstructionProvenance(
                valgrind: valgrind, libc: libcVersion, probe: probe.instructions, cLibraryPin: CLibraryPin.fingerprint,
                uncountedFunctions: InstructionCounter.uncountedFunctions)
        }
        throw InstructionCountError("another thread ran during each of \(attempts) counts of the C library probe")
    }

    private static let attempts = 5

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
