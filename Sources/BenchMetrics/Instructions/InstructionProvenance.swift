import CCallgrind
#if canImport(Glibc)
import Glibc
#endif

/// What instruction counts depend on besides the code measured, so that two
/// runs' counts are compared only when it matches.
///
/// Callgrind counts the guest instructions a program executes, which do not
/// depend on the CPU's speed, caches or load: the same binary on the same
/// inputs executes the same instructions on an Intel or an AMD machine. What
/// can differ is which code runs: the toolchain and the C library, and the
/// variants of `memcpy`, `memset`, `strlen` and the like that the C library
/// picks for the CPU features Valgrind reports. `probe` counts those
/// routines, so a host whose C library picks other variants shows another
/// probe.
public struct InstructionProvenance: Hashable, Sendable, Codable {
    /// `valgrind --version`, for example "valgrind-3.19.0".
    public var valgrind: String
    /// The C library's version, for example "2.36".
    public var libc: String
    /// Instructions of a fixed set of C library calls that dispatch on CPU
    /// features.
    public var probe: UInt64

    public init(valgrind: String, libc: String, probe: UInt64) {
        self.valgrind = valgrind
        self.libc = libc
        self.probe = probe
    }

    /// What must match, with the toolchain, for counts to be compared.
    public var key: String {
        "\(valgrind) | libc \(libc) | C library probe \(probe) instructions"
    }

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
        return InstructionProvenance(valgrind: valgrind, libc: libcVersion, probe: probe)
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
