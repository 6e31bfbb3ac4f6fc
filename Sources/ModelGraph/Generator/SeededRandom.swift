/// A small, fast, seedable generator (xoshiro256**, seeded through SplitMix64).
///
/// The same seed gives the same sequence on every platform and toolchain, so a
/// seed names a workload exactly. Not for cryptography.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    public mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    /// A uniform integer in `0..<bound`; `bound` must be positive.
    @inlinable
    public mutating func below(_ bound: Int) -> Int {
        Int.random(in: 0..<bound, using: &self)
    }

    /// A new generator whose sequence depends only on this one's seed and `stream`.
    public func fork(_ stream: UInt64) -> SeededRandom {
        var copy = self
        return SeededRandom(seed: copy.next() ^ (stream &* 0x9E37_79B9_7F4A_7C15))
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
