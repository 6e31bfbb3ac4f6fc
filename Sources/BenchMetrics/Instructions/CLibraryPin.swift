/// The C library's choices a counted process starts with, the same on every
/// x86-64 host: glibc's tunables (`GLIBC_TUNABLES`) fixing which variant of
/// `memcpy`, `memset`, `strlen` and the like it picks, and the thresholds
/// those variants switch strategy at.
///
/// glibc picks each variant from the CPU's features, its "preferred" flags
/// and thresholds derived from the cache sizes. Under Valgrind the CPU is
/// mostly the one Valgrind simulates, but some of what glibc reads passes
/// through from the host, so two hosts with the same toolchain, Valgrind and
/// glibc counted the probe of `InstructionProvenance` differently, and on
/// other CPUs the variants differ outright (docs/METHODS.md, "The C library,
/// pinned").
///
/// So every feature a string routine dispatches on is switched off, down to
/// the SSE2 variants every x86-64 CPU runs, every preferred flag glibc lets
/// a tunable set is set, and every threshold is given. Tunables can only
/// take features away, and no x86-64 host lacks SSE2, so the result does not
/// depend on the host. `rep movsb` and `rep stosb` are among what is switched
/// off: callgrind counts each repetition, so a large copy looked far
/// costlier than it runs.
public enum CLibraryPin {
    /// Features the C library's string and math routines pick variants by.
    static let disabledFeatures = [
        "AVX", "AVX2", "AVX512F", "AVX512VL", "AVX512BW", "AVX512DQ", "AVX512CD", "ERMS", "FSRM",
        "SSSE3", "SSE4_1", "SSE4_2", "BMI1", "BMI2", "LZCNT", "MOVBE", "POPCNT", "RTM", "FMA", "FMA4",
    ]
    /// Preferred flags, each set on or off: glibc derives them from the CPU's
    /// family and model, which under Valgrind may come from the host.
    static let preferences: [(flag: String, on: Bool)] = [
        ("Fast_Unaligned_Load", true), ("Fast_Unaligned_Copy", true), ("Prefer_No_AVX512", true),
        ("Fast_Rep_String", false), ("Fast_Copy_Backward", false), ("Slow_BSF", false),
        ("Prefer_PMINUB_for_stringop", false), ("Slow_SSE4_2", false), ("AVX_Fast_Unaligned_Load", false),
        ("Prefer_No_VZEROUPPER", false), ("Prefer_ERMS", false), ("Prefer_FSRM", false),
        ("MathVec_Prefer_No_AVX512", false), ("Avoid_Short_Distance_REP_MOVSB", false),
    ]
    /// Thresholds glibc otherwise derives from the cache sizes it is told.
    static let thresholds: [(tunable: String, bytes: Int)] = [
        ("x86_data_cache_size", 0x8000), ("x86_shared_cache_size", 0x80_0000),
        ("x86_non_temporal_threshold", 0x20_0000), ("x86_rep_movsb_threshold", 0x2000),
        ("x86_rep_stosb_threshold", 0x800),
    ]

    /// The value of `GLIBC_TUNABLES` for a counted process.
    public static let tunables: String = {
        let hwcaps = disabledFeatures.map { "-\($0)" } + preferences.map { $0.on ? $0.flag : "-\($0.flag)" }
        let sizes = thresholds.map { "glibc.cpu.\($0.tunable)=0x\(String($0.bytes, radix: 16))" }
        return (["glibc.cpu.hwcaps=" + hwcaps.joined(separator: ",")] + sizes).joined(separator: ":")
    }()

    /// A short name for this pin in provenance: counts taken under another
    /// pin are not comparable.
    public static let fingerprint = fingerprint(of: tunables)

    /// FNV-1a of `text`'s UTF-8, 32 bits, as 8 hex digits: stable across
    /// processes and builds, unlike `Hasher`.
    /// - Complexity: O(n) in the length of `text`.
    static func fingerprint(of text: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
