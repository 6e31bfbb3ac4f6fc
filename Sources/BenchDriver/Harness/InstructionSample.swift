/// How many of a timed loop's operations an instruction pass counts.
///
/// Callgrind runs counted code many times slower than the machine, and
/// uncounted code a few times; a count needs no repetitions to be exact,
/// only enough operations to take in what recurs among them (a weak table's
/// sweep, a dictionary's growth). So an instruction pass counts, of a loop
/// of more than `whole` operations, its last tenth, at least `whole`, after
/// running the rest uncounted: the count is of the loop's steady state, and
/// what follows the loop finds the store as a timed round leaves it (its
/// first tenth reads high where a table is still growing). Counting every
/// operation would take most of a run (docs/CONSTANTS.md, InstructionSample).
///
/// A loop whose operations are alike (`Operations.alike`: the same work on
/// a store in the same state, as a rename of one tag or an update of one
/// user, each settled before the next) is counted on its last quarter, at
/// least `fewAlike`: a short loop of large operations (renames, updates of
/// a user embedded in a thousand parents, each milliseconds) is what the
/// pass spends its time on, and each one counts what the others would. A
/// loop whose operations grow or differ keeps the rule above: cascade-delete's
/// later deletes count fewer instructions than its earlier ones.
@usableFromInline enum InstructionSample {
    /// Whether a loop's operations each do the same work.
    @usableFromInline enum Operations: Sendable {
        case alike
        case varied
    }

    /// Loops up to this long are counted whole, unless alike.
    static let whole = 2_000
    /// A loop of alike operations up to this long is counted whole.
    static let fewAlike = 4
    /// The fewest operations of a loop counted for a store that counts fewer
    /// (`StoreDesign.instructionSampleDivisor`), unless the loop has fewer.
    static let fewestDivided = 100

    /// The operations counted of a loop of `count`: its last this many, after
    /// the rest ran uncounted. A loop whose operations vary counts `divisor`
    /// times fewer for a store whose operations each cost alike
    /// (`StoreDesign.instructionSampleDivisor`); a loop of alike operations
    /// already counts few, and fewer moved its count.
    /// - Complexity: O(1).
    static func operations(of count: Int, _ operations: Operations = .varied, divisor: Int = 1) -> Int {
        if operations == .alike && count > fewAlike && count <= 4 * whole { return max(fewAlike, count / 4) }
        let standard = count <= whole ? count : max(whole, count / 10)
        return divisor > 1 ? min(standard, max(fewestDivided, standard / divisor)) : standard
    }

    /// The first operation the counted round runs of a loop of `count` whose
    /// last `counted` it counts: 0, or for a store that counts `divisor`
    /// times fewer, `divisor - 1` times `counted` before the counted ones.
    /// Such a store keeps nothing one operation leaves for the next (why it
    /// may count fewer), so its earliest operations are not run at all.
    /// - Complexity: O(1).
    static func firstRun(of count: Int, counting counted: Int, divisor: Int) -> Int {
        divisor > 1 ? max(0, count - counted * divisor) : 0
    }
}
