import CCallgrind
import Foundation

/// The CPUs a thread may run on, and one CPU for every thread of a counted
/// process.
///
/// A region that several threads run counts the instructions of how they
/// wake each other, and those follow where a woken thread runs. With a
/// second CPU idle it starts at once, while its waker is still in the
/// system call that woke it, and takes Valgrind's lock first; with that CPU
/// busy (another counted process beside it) it waits until its waker
/// blocks. So the same region counted differently as the pass's other
/// process ran beside it or had ended (docs/METHODS.md, "How threads take
/// turns"). On one CPU a woken thread always waits, whatever else the
/// machine runs. A process starts on its parent thread's CPUs, and its
/// threads on their creator's, so the pass pins the thread that starts a
/// counted process (`InstructionPass`) and the counted process checks it
/// runs on one CPU (`InstructionCounter.underCallgrind()`).
public enum ProcessorPin {
    /// The CPUs the calling thread may run on, in ascending order.
    /// - Complexity: O(1): the kernel's mask covers `CCG_CPU_LIMIT` CPUs.
    public static func cpus() throws(InstructionCountError) -> [Int] {
        let limit = Int(CCG_CPU_LIMIT)
        var cpus = [Int32](repeating: 0, count: limit)
        let found = ccg_allowed_cpus(0, &cpus, Int32(limit))
        guard found > 0 else {
            throw InstructionCountError("cannot read the CPUs this thread may run on: \(systemError())")
        }
        return cpus.prefix(Int(found)).map(Int.init)
    }

    /// Lets the calling thread run on `cpus` only; what it starts from then
    /// on inherits them.
    /// - Complexity: O(1).
    public static func allow(_ cpus: [Int]) throws(InstructionCountError) {
        let numbers = cpus.map { Int32(clamping: $0) }
        guard ccg_allow_cpus(0, numbers, Int32(numbers.count)) == 0 else {
            throw InstructionCountError("cannot let this thread run on CPUs \(cpus): \(systemError())")
        }
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
