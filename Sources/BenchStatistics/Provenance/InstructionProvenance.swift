/// What instruction counts depend on besides the code measured, so that two
/// runs' counts are compared only when it matches.
///
/// Callgrind counts the guest instructions a program executes, which do not
/// depend on the CPU's speed, caches or load: the same binary on the same
/// inputs executes the same instructions on an Intel or an AMD machine. What
/// can differ is which code runs: the toolchain and the C library, and the
/// variants of `memcpy`, `memset`, `strlen` and the like that the C library
/// picks for the CPU features Valgrind reports, unless they are pinned
/// (`cLibraryPin`). `probe` counts those routines, so a host whose C library
/// picks other variants shows another probe.
public struct InstructionProvenance: Hashable, Sendable, Codable {
    /// `valgrind --version`, for example "valgrind-3.19.0".
    public var valgrind: String
    /// The C library's version, for example "2.36".
    public var libc: String
    /// Instructions of a fixed set of C library calls that dispatch on CPU
    /// features.
    public var probe: UInt64
    /// Which settings pinned the C library's choice of variants (a
    /// fingerprint of them), or nil where it picked them by the host's CPU.
    public var cLibraryPin: String?
    /// The functions whose own instructions the counts leave out (a part of
    /// each name), or nil where they left out none.
    public var uncountedFunctions: [String]?

    public init(
        valgrind: String, libc: String, probe: UInt64, cLibraryPin: String? = nil, uncountedFunctions: [String]? = nil
    ) {
        self.valgrind = valgrind
        self.libc = libc
        self.probe = probe
        self.cLibraryPin = cLibraryPin
        self.uncountedFunctions = uncountedFunctions
    }

    /// What must match, with the toolchain, for counts to be compared.
    public var key: String {
        var key =
            "\(valgrind) | libc \(libc) \(cLibraryPin.map { "pinned (\($0))" } ?? "by the host's CPU")"
            + " | C library probe \(probe) instructions"
        if let functions = uncountedFunctions, !functions.isEmpty {
            key += " | own instructions not counted: \(functions.joined(separator: "; "))"
        }
        return key
    }
}
