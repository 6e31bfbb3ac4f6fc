import Foundation

/// Reads the instruction total of one callgrind dump file.
///
/// A dump starts with `desc:` lines, one of them naming what triggered it
/// (`desc: Trigger: Client Request: LABEL`), then lists each function's
/// costs: `fn=` names the function (`fn=(ID) NAME` the first time an `ID`
/// appears, in `fn=` or `cfn=`, and `fn=(ID)` after), each following line
/// that starts with a position is one of its own costs, and a `calls=` line
/// makes the cost line after it the inclusive cost of a call, not its own.
/// It ends with `totals: N`, the instructions collected since the previous
/// dump (with the default event, `Ir`).
enum CallgrindDump {
    /// The total of the dump at `path` less the own instructions of every
    /// function whose name contains one of `leftOut`; the file is then
    /// deleted. Throws when the file is missing or was triggered by
    /// something other than `label`.
    static func read(
        path: String, expectedLabel label: String, leavingOut leftOut: [String] = []
    ) throws(InstructionCountError) -> UInt64 {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw InstructionCountError("callgrind wrote no dump at \(path)")
        }
        try? FileManager.default.removeItem(atPath: path)
        return try total(of: text, expectedLabel: label, path: path, leavingOut: leftOut)
    }

    static func total(
        of text: String, expectedLabel label: String, path: String, leavingOut leftOut: [String] = []
    ) throws(InstructionCountError) -> UInt64 {
        var triggeredByLabel = false
        var total: UInt64?
        var costs = OwnCosts(leftOut: leftOut)
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("desc: Trigger:") {
                triggeredByLabel = line.hasSuffix(": \(label)")
            } else if line.hasPrefix("totals:") {
                total = line.dropFirst("totals:".count).split(separator: " ").first.flatMap { UInt64($0) }
            } else if !leftOut.isEmpty {
                costs.read(line)
            }
        }
        guard triggeredByLabel else {
            throw InstructionCountError(
                "\(path) is not the dump of \(label): were regions counted on two threads at once?")
        }
        guard let total else { throw InstructionCountError("\(path) has no totals line") }
        guard costs.leftOutTotal <= total else {
            throw InstructionCountError(
                "\(path): the functions left out own \(costs.leftOutTotal) instructions, more than the dump's \(total)")
        }
        return total - costs.leftOutTotal
    }

    /// Adds up, line by line, the own costs of the functions left out.
    private struct OwnCosts {
        let leftOut: [String]
        private(set) var leftOutTotal: UInt64 = 0
        /// Whether each compressed name id (`(ID)`) names a function left out.
        private var isLeftOut: [Substring: Bool] = [:]
        private var inLeftOutFunction = false
        private var nextIsCallCost = false

        init(leftOut: [String]) { self.leftOut = leftOut }

        mutating func read(_ line: Substring) {
            if line.hasPrefix("fn=") {
                inLeftOutFunction = names(line.dropFirst("fn=".count))
                nextIsCallCost = false
            } else if line.hasPrefix("cfn=") {
                _ = names(line.dropFirst("cfn=".count))
            } else if line.hasPrefix("calls=") {
                nextIsCallCost = true
            } else if let first = line.first, first.isNumber || first == "+" || first == "-" || first == "*" {
                defer { nextIsCallCost = false }
                // A position, then the event's cost (absent when zero).
                let fields = line.split(separator: " ")
                guard inLeftOutFunction, !nextIsCallCost, fields.count > 1, let cost = UInt64(fields[1]) else { return }
                leftOutTotal += cost
            }
        }

        /// Whether `name`, `(ID) NAME` or `(ID)`, is a function left out;
        /// remembers the answer for the id.
        private mutating func names(_ name: Substring) -> Bool {
            guard name.hasPrefix("("), let close = name.firstIndex(of: ")") else {
                return leftOut.contains { name.contains($0) }
            }
            let id = name[...close]
            let spelled = name[name.index(after: close)...]
            if spelled.isEmpty { return isLeftOut[id] ?? false }
            let matches = leftOut.contains { spelled.contains($0) }
            isLeftOut[id] = matches
            return matches
        }
    }
}
