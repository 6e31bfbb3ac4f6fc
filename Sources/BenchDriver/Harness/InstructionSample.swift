/// How many of a timed loop's operations an instruction pass counts.
///
/// Callgrind runs counted code 20 to 50 times slower than the machine, and
/// uncounted code about 5 times; a count needs no repetitions to be exact,
/// only enough operations to take in what recurs among them (a weak table's
/// sweep, a dictionary's growth). So an instruction pass counts, of a loop
/// of more than `whole` operations, its last tenth, at least `whole`, after
/// running the rest uncounted: the count is of the loop's steady state, and
/// what follows the loop finds the store as a timed round leaves it. (Its
/// first tenth read up to 7% high where a table was still growing: churn
/// with manual purging.) At the default profile's sizes, counting every
/// operation took 20 to 25 of a run's 36 minutes.
enum InstructionSample {
    /// Loops up to this long are counted whole.
    static let whole = 2_000

    /// The operations counted of a loop of `count`: its last this many, after
    /// the rest ran uncounted.
    /// - Complexity: O(1).
    static func operations(of count: Int) -> Int {
        count <= whole ? count : max(whole, count / 10)
    }
}
