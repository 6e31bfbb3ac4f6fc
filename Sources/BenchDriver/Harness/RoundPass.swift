import BenchMetrics

/// What a round does with the operations of its timed loops.
///
/// Every store runs one warm-up round of a case before its measured rounds,
/// so one-time costs (type metadata, lazy globals, first-touched pages) fall
/// outside them and every measured round repeats the same work exactly.
enum RoundPass: Sendable {
    /// Untimed. Counts each loop's lock acquisitions, where the counting
    /// cannot slow a timed operation, and estimates each loop's cost for the
    /// case's `BatchPlan`. Its other metrics are discarded.
    case warmUp
    /// Times each loop's operations and counts their allocations.
    case timed
    /// The warm-up of an instruction pass: untimed and uncounted, it runs of
    /// each loop only as many operations as the counted round will count
    /// (`InstructionSample`): enough to take the one-time costs.
    case instructionWarmUp
    /// Runs every operation of each loop and counts the instructions of the
    /// last ones (`InstructionSample`) under callgrind; nothing is timed.
    case instructions(InstructionCounter)
}
