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
}
