import Foundation

/// Reads the instruction total of one callgrind dump file.
///
/// A dump starts with `desc:` lines, one of them naming what triggered it
/// (`desc: Trigger: Client Request: LABEL`), and ends with
/// `totals: N`, the instructions collected since the previous dump (with the
/// default event, `Ir`).
enum CallgrindDump {
    /// The total of the dump at `path`, which is then deleted. Throws when
    /// the file is missing or was triggered by something other than `label`.
    static func read(path: String, expectedLabel label: String) throws(InstructionCountError) -> UInt64 {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw InstructionCountError("callgrind wrote no dump at \(path)")
        }
        try? FileManager.default.removeItem(atPath: path)
        return try total(of: text, expectedLabel: label, path: path)
    }

    static func total(of text: String, expectedLabel label: String, path: String) throws(InstructionCountError) -> UInt64 {
        var triggeredByLabel = false
        var total: UInt64?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("desc: Trigger:") {
                triggeredByLabel = line.hasSuffix(": \(label)")
            } else if line.hasPrefix("totals:") {
                total = line.dropFirst("totals:".count).split(separator: " ").first.flatMap { UInt64($0) }
            }
        }
        guard triggeredByLabel else {
            throw InstructionCountError("\(path) is not the dump of \(label): were regions counted on two threads at once?")
        }
        guard let total else { throw InstructionCountError("\(path) has no totals line") }
        return total
    }
}
