import CCallgrind
import Foundation
import Synchronization

/// Counts the instructions a region of code executes, when the process runs
/// under Valgrind's callgrind (`valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no
/// --callgrind-out-file=PATH`, with `PATH` in `BENCH_CALLGRIND_OUT`).
///
/// Counting is switched on only around the region, as CodSpeed's
/// instrumentation mode and iai-callgrind do; the count is then written by
/// callgrind to a numbered dump file, read back here and deleted. A count
/// depends on the code executed, not on how fast the CPU runs it or on other
/// load on the machine; what still moves it between runs is work that
/// depends on addresses (hash tables keyed by object, the heap's paths).
public struct InstructionCounter: Sendable {
    /// The environment variable naming callgrind's output file.
    public static let outputVariable = "BENCH_CALLGRIND_OUT"

    /// Callgrind numbers its dumps per process, so the next number is shared
    /// by every counter (regions are counted one at a time).
    private static let dumpsWritten = Mutex(0)

    private let outputPath: String
    /// What switching counting on and off costs, subtracted from each count.
    private let overhead: UInt64

    /// The counter of this process, or nil when it does not run under
    /// callgrind set up as above.
    public static func underCallgrind() throws(InstructionCountError) -> InstructionCounter? {
        guard ccg_running_on_valgrind() != 0 else { return nil }
        guard ccg_has_client_requests() != 0 else {
            throw InstructionCountError("this build of bench has no Valgrind client requests (valgrind/callgrind.h was missing when it was built); install valgrind (scripts/install-dependencies) and rebuild from clean (rm -rf .build)")
        }
        guard let path = ProcessInfo.processInfo.environment[outputVariable], !path.isEmpty else {
            throw InstructionCountError("running under Valgrind without \(outputVariable): start instruction counts with `bench --instructions`")
        }
        var counter = InstructionCounter(outputPath: path, overhead: 0)
        let empty = try counter.count {}
        counter = InstructionCounter(outputPath: path, overhead: empty)
        return counter
    }

    private init(outputPath: String, overhead: UInt64) {
        self.outputPath = outputPath
        self.overhead = overhead
    }

    /// The instructions `region` executes on any thread, less the fixed cost
    /// of switching counting on and off.
    public func count(_ region: () -> Void) throws(InstructionCountError) -> UInt64 {
        let dump: (path: String, label: String) = Self.dumpsWritten.withLock { written in
            written += 1
            let label = "bench-region-\(written)"
            ccg_start_counting()
            region()
            ccg_stop_counting_and_dump(label)
            return ("\(outputPath).\(written)", label)
        }
        let instructions = try CallgrindDump.read(path: dump.path, expectedLabel: dump.label)
        return instructions > overhead ? instructions - overhead : 0
    }
}

/// Instructions could not be counted: one line saying why.
public struct InstructionCountError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
