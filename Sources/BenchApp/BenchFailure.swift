/// Why `bench` could not do what it was asked, in one line, and what kind of
/// outcome that is: the command line gives each kind its own exit status.
public struct BenchFailure: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The work could not finish (a scenario failed, a file could not be written).
        case failure
        /// Compared with a baseline, something regressed.
        case regression
        /// Compared with a baseline, timings regressed, in a second
        /// measurement too, and nothing else did: the host may have been slow
        /// for that long. Measuring the baseline's commit beside this build
        /// decides it (`Gate.Question.timingsSideBySide`).
        case timingRegression
        /// A file given to read (a baseline, a saved run) cannot be used:
        /// missing, unreadable, corrupt, of another schema, or not comparable.
        case unusableInput
        /// What was asked cannot be done as asked: an unknown name, an
        /// out-of-range value, a destination that cannot be written.
        case usage
        /// The binary is older than a source file of its package: it would
        /// measure code that is no longer in the tree.
        case staleBuild
        /// The run and its baseline counted instructions with another
        /// toolchain, Valgrind or C library: their counts cannot be compared,
        /// and a gate that skipped them would pass on what it never checked.
        /// Compare against the baseline's commit run on this host instead.
        case countsNotComparable
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    static func failure(_ message: String) -> BenchFailure { BenchFailure(.failure, message) }
    static func usage(_ message: String) -> BenchFailure { BenchFailure(.usage, message) }
    static func unusable(_ message: String) -> BenchFailure { BenchFailure(.unusableInput, message) }
}
